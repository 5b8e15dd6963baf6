// Made by scripts/make-gzip-fixtures.py with Python 3.11.7 zlib 1.2.13; do not edit by hand.
import Foundation

/// gzip files made by zlib, the reference implementation, with the CRC-32 and length of their contents.
enum GzipFixtures {
    struct Fixture {
        let name: String
        let base64: String
        let crc: UInt32
        let count: Int
        var bytes: [UInt8] { [UInt8](Data(base64Encoded: base64) ?? Data()) }
    }

    static let gliderFixed = Fixture(
        name: "gliderFixed",
        base64: """
            H4sICADxU2UCA2dsaWRlci5ybGUAU/ZTcM/JTEkt4lJ2VgjJSFUozk3MyUktLlEoLkhMTi3OyCzQ46pQsFUw1lGohFBFpTmpQJaT\
            sX6wkTFXUn6SilFSvopxviIXAL3oPYlNAAAA
            """,
        crc: 0x893DE8BD, count: 77)

    static let soupDynamic = Fixture(
        name: "soupDynamic",
        base64: """
            H4sIAADxU2UCA21XS6oUQRDc5ymeUEtB8Ik7N17BGyS4EwIEQW9vd30yIrJnYGa6e6oqfxGROX/fvr19/fLx7d/+/v3n18/r8vv7\
            px+f3yMzcb8xv/brPAHkfi+wzzGvgDhPcb/mZ549fu78dd1g7S8jyKiDcT7UvHh0Tr1P4M2ye3mzDHOxRoft1rE09iMw8rU+eOTJ\
            SJ5FqK/r97FDZugVf95BcaN8SlZmEKBfyNQsrVdY/sC03GmsOmmkYpbHRbM9rDIn8Se0PDlHq+Up+O37cdjze6IAYAgAa3zhZiDV\
            InPEVBCNjFj9vyulQE2vo3onP68ar9IdmyFHw3COgiCrA0kf6ztRrKcUfFh9CKiHAErWslKwYjYy7RMM/x5phqIOTkWw/FWtw5yq\
            w7oI7hrG5qRtLZM4TVDjDmqjFUdhxJiZlhoAkNMuB0IB5zyBlgPovlTVbjuhiAOxr+4RO4KCYWiLhjmVC1iaIEkknPeaaECgJOzM\
            pGnagOiisC+ERCWaIogoeg9Dl8o8UYyzG466QoLpwq4g2UxJL00Yr6jQ+Zuu/Zvhy/KACYzog9MWdvRcu3DjmWt7imjeEuQmp2xJ\
            HlOSaxoP5wMKI6vnhHCMyKhkS5gMN1Xt16pAo3w2yUNamKfuokzaYGzfwylqDmwsKEMhXpcmZLq+EwSqTYB6g8Zw7RtH+InFbC1/\
            r480fdX1g5RCWsOr0lVcIT2/ZUFhBHT4mjfrGOlgs5Teu5lk7VUu/0H3dhpSeygetICMULwI+mBVZ8cUJ8BW5pPKRc1hOUyDLdQ9\
            6CMmeBLSC96g9+jcEMXVHjwnUekmKdELEqUxyfik843qvQI37cTtwjCBBKEQznvjmxo1Sj4n5gAyu1RpXodoRlMMWRitaauMDm27\
            UBykw2oHpSJfQES+6Hb6x0Em6NMZfJCEYc05pxpIuAdzIENnwRQvZgR4H1udYcAYqCCEzV8UNWjDXvbjMYaiTUAy39LAQhDlK87g\
            7KL0/BfTxviUVpS7h+Ohfwn0vFKJDDhnoHXVYmqFjaVEzzF9PwlVSJggr6auQ3T7EyPqEkqo2jQEaEi0alu7L/iZXA2nBZ5HoA2d\
            mwxlP6WyNlghGynRhkWMUKy3vchn9VWzizpnFGiUkzEYlrRS0A/xH4v913QlEAAA
            """,
        crc: 0x74D7FD8B, count: 4133)

    static let soupStored = Fixture(
        name: "soupStored",
        base64: """
            H4sIAADxU2UCAwElENrveCA9IDY0LCB5ID0gNjQsIHJ1bGUgPSBCMy9TMjMKYmJib2JiYm9vYm9iYmJiYmJiYmJib2JiYm9vYm9v\
            b2JiYmJiYm9iYmJvYm9iYmJiYm9iYmJiYm9iYmJiYm8kYmJvYmJvbwpvYmJiYmJvYm9vb29vYm9vb29iYmJib2JvYmJvYmJiYmJi\
            YmJiYm9iYm9vYm9vYmJiYmJvb2JvJGJib29vYmJiYmJib29iCmJib2JiYmJib29iYmJvb2JiYmJiYmJvYmJib2JvYm9ib29vYmJi\
            YmJiYm9iYmJiYmJvJGJiYmJvYmJiYmJib29vb29iYm8Kb29ib2Jib29vYmJiYmJiYm9vYm9iYmJiYmJiYmJvYm9ib2Jib29iYmJi\
            Ym9vJGJib2JvYm9vYmJiYm9iYmJvb29vYm9iYgpiYmJvb29vb2JiYm9iYmJvb2Jib2JiYmJvYmJvYmJib2Jib2Jib29vJG9vYm9v\
            b29vb29ib29vb2Jib29vYmJiYm9iYm9iCmJvb2Jib2JiYmJvb2JiYmJvb2JiYmJiYmJiYmJiYmJib28kYmJib29ib2JvYmJvb2Jv\
            YmJvYm9vYmJiYmJvb2JiYmJiYmIKYmJib2Jib29ib29iYm9iYmJvYmJib2Jvb2JvJG9iYmJiYmJvYm9vYm9iYmJiYmJiYm9vYmJv\
            YmJiYm9vb2Jvb2JiYmJibwpiYmJiYmJiYmJiYmJiYm8kYmJiYmJib2Jib29ib2Jvb2JiYm9vb2Jib2Jib29iYm9ib29vYmJvYm9i\
            b2Jib2JiYmJiYmJiCm9iYmJiYm9vbyRib2JvYmJvYm9iYmJiYmJib2JvYm9iYmJvYmJvYm9vb29vb2JiYmJiYmJiYmJvYm9iYm9i\
            YmJiYm9vb28KJG9ib2JiYm9vb2Jib2JiYmJib29iYmJib2JvYmJvb2JvYmJib2JiYm9vYm9vYm9iYmJvYm9vYmJiYmJiYmJiYm8k\
            Ym9iYgpvb2JiYmJiYm9iYmJiYmJiYm9iYmJvb29vYm9vYm9iYm9ib2JiYmJvYmJiYmJiYmJvYm9vb2JvYm8kb29ib2Jvb2JiYmJv\
            CmJvb2JiYmJiYmJib29iYmJiYm9iYmJiYm9vb2JiYm9ib2Jvb2JvYmJvYm9vYm9iYmJvJGJiYmJiYmJib2JiYmJvb2Jvb2IKYm9i\
            YmJiYmJiYm9vYm9vYmJib2JiYmJvb2JiYmJvb2JvYmJiYm9iYmJvYm8kYmJiYm9iYm9iYmJib29iYmJvYmJiYmJibwpiYmJiYmJv\
            YmJiYmJib29iYm9iYm9iYmJiYmJiYmJib2Jib2JvYm8kYmJvYmJiYmJib29vb29ib2JiYmJvYmJiYmJiYmJiCmJvb2JiYmJvb2Ji\
            Ym9iYmJiYmJiYmJvYmJvb29vJGJiYmJiYm9ib2Jib2Jvb29vYm9iYm9vb2Jvb2JiYmJvYm9vb2JiYmIKYmJiYmJvYmJvbyRiYmJi\
            YmJib2Jib29iYmJiYmJiYm9vb29iYm9vYm9vYm9iYmJiYmJiYm9vYmJvYm9iYm9vYm9iYm9vbwpiYm8kb2JiYmJvYm9vYm9vb2Jv\
            b29ib29iYmJib29iYm9vb2Jvb2JiYmJiYm9vYmJiYmJvYm9vb2JiYm9vYmJvYm9ibyRiCmJib2JvYmJiYmJiYmJiYmJib29iYmJi\
            YmJib2JiYmJib2JiYmJvb29vb2JiYmJiYmJib29iYm9ib29iYmJvJGJiYm9vYm8KYmJiYmJvb2JiYmJvb29vYmJib29vYmJiYmJv\
            Ym9vYm9vb2Jib2JvYmJiYm9ib29vYmJib2JvYm8kYmJiYmJvYmJiYmJiYgpiYmJiYmJvYmJib29vb2JiYm9iYmJvb2Jib2JvYm9i\
            Ym9vYmJiYmJiYm9iYmJib2Jib28kYm9ib2JiYm9ib29vYm9iYm9vCmJib2Jib2JiYmJvb2JiYmJvb2JvYm9iYm9ib29iYm9vYmJi\
            b29vYmJiYmJiYm8kb29iYmJvYm9ib2JvYm9iYmJiYmJib2IKYmJib29iYmJib2Jib2JvYm9vb2JvYm9iYm9vb2JiYm9vb29iYm9i\
            Ym8kYmJvYmJiYmJib29iYmJib2JiYm9ib2JiYm9vYgpib2JiYmJvb29vYm9ib2JvYmJiYmJib2Jib2JvYm9vYmJvbyRiYmJvYm9i\
            Ym9iYmJiYmJib29iYm9vb29vYmJvYmJiYmJiCmJib2JiYmJiYm9iYmJvYmJvJGJiYm9vYmJiYm9vYm9iYmJib2Jib2JiYmJiYm9i\
            YmJiYmJiYmJvYmJiYmJiYm9iYmJvYmIKb29iYmJvYm9ib28kb29ib2JiYm9iYm9ib29ib2JiYm9vYm9vYmJib29iYmJiYm9iYmJi\
            b2JiYm9iYm9iYmJiYmJib2JvbwpiYm9ibyRvb2JiYm9ib2JvYm9iYm9vYmJiYmJvYmJiYm9ib29iYm9iYm9ib2Jvb2JiYmJvYmJi\
            b29ib29iYmJib2JiYmJvCiRvYmJvb29vYmJvYmJvYmJvYmJvb29iYmJvYm9vYmJiYm9vYmJiYm9vb2Jvb2JvYmJiYmJiYm9iYm9i\
            YmJvb28kYmJvYm8Kb29iYmJib2Jvb29vYmJiYm9iYm9vb2JvYm9iYmJib29ib2JiYm9iYm9vYmJib2Jib2JvYmJvJG9iYmJiYmJv\
            YmJiYmJvbwpvb2JiYmJvYmJiYmJiYmJiYmJvYmJvYm9iYmJib2JiYm9iYm9iYm9vYmJiYmJvYm8kYmJvYmJib29iYmJvYmJiYm9i\
            YmJiCmJiYm9iYm9ib2JiYmJvYmJib2JiYmJib2Jib29vYm9ib2JiYmJib2JvYm8kYmJvb2JvYmJib2JvYmJiYmJib2JiYm9iYm8K\
            b2JvYmJib2Jib29vb29iYm9vYm9iYm9iYm9iYmJiYm9vYmJibyRiYmJvb2JiYm9iYmJib29iYmJvYm9vb2JiYmJvYmJiYgpib29i\
            b2JiYmJiYmJiYmJiYmJib2JiYmJib29vb2JibyRib2JiYm9ib2Jvb2Jib2JvYm9iYm9vb2JiYmJiYmJiYmJib2JiCmJiYmJib2Ji\
            b2JiYmJvYm9ib2Jvb2Jib2JvJGJib29iYmJvb29vYm9iYm9iYm9vYmJvYm9iYmJib29vYm9iYmJib2JiYm8KYm9iYm9iYmJvYmJi\
            YmJiYm9ib2JvJGJib29vYm9ib2JvYmJvb2Jvb2JiYmJiYmJib2JiYmJiYmJiYmJiYmJiYmJiYm9ibwpib2JiYm9ib29iYmJiYmJv\
            JG9iYm9iYmJiYmJvYm9vYm9ib2JiYmJib2JvYmJiYmJiYmJib2Jvb2Jvb2Jib2Jib2JiYmJiCmJib29vYm9iYmJvJGJvYmJiYmJi\
            Ym9vb2Jib2JiYm9ib2Jvb2JvYmJib29ib29iYm9ib2JiYm9ib2JvYmJiYm9ib2JvYmIKYmJiYmJvJG9iYmJvYm9iYmJib2JiYm9v\
            Ym9iYm9ib2Jib2JiYmJiYmJiYm9vb29ib29iYmJvYm9vYm9ib2Jib29ib2JiYgpvJGJvb29vYm9iYm9iYm9ib2JvYmJib2Jib29i\
            Ym9vYmJiYmJiYm9vb2JvYm9vYmJvb2JiYmJib29ib2JiYmJvYm8kb29iCmJvb2JvYmJiYmJiYmJvYmJiYmJvYmJvb29ib2Jib2Ji\
            YmJiYmJib2Jvb29ib29iYmJiYm9iYmJvbyRiYmJiYmJiYm9iYm8Kb2Jib29iYmJib29iYm9ib2Jib2JvYmJib2Jib29ib2Jib2Ji\
            b29vYmJvYm9iYm9vb2JvJG9iYmJiYmJiYm9iYmJiYmJiYgpib2Jvb29iYmJvYm9vYmJiYmJvb2JiYm9iYm9iYm9ib2JiYm9iYmJi\
            b2JiYm8kb2JvYm9iYmJiYmJvYm9ib29ib29iYmJiCmJiYmJib2Jib2JiYm9vYmJib2JiYmJvYmJiYm9iYmJiYmJiYm9iYm8kYmJv\
            YmJib29iYmJib2JiYmJiYmJiYmJvYmJvb2IKb29iYmJvYmJvb2JiYmJib2JiYmJiYmJiYmJib29vYm8kYm9ib2JiYmJvb2JiYm9i\
            Ym9vYmJib2Jib2JiYmJiYmJiYmJvbwpiYmJvYmJvb2JiYmJiYmJvYm9iYmJvYmJvYm8kb2Jvb2JiYmJiYm9vb29iYmJvb2JvYmJv\
            YmJvYmJvYmJib2JvYm9vYmJiCmJiYmJvb29vYmJvYmJiYmJvYmJibyRib2JvYmJvYmJvb2JiYmJiYmJvYmJiYm9vYm9iYmJiYm9i\
            YmJvYmJvYmJiYm9iYmIKYmJvYmJib2JiYmJib29vJGJvYm9vYmJib29vb2Jvb2JiYmJib2JiYm9iYmJiYmJiYmJib2Jib2JvYmJv\
            YmJvb29iYm9iYgpiYmJvb29ibyRiYmJib2Jib2Jvb29ib2Jvb2JvYm9vYmJiYmJiYmJiYmJvb2JiYmJiYm9iYmJvYmJvYm9ib29i\
            YmJvYm9vCiRvb2Jvb2JvYm9iYmJiYmJiYmJvYmJiYmJvYm9iYmJvb2Jib2Jib2Jib29vYmJvb2JvYm9iYm9iYm9iYmJib29vJGJi\
            YmIKYmJiYmJvYmJiYmJiYmJvYmJvYm9ib2Jib29ib2Jib29vb29iYmJib2JvYmJib2JiYmJib2JvbyRvYm9iYm9vb2JiYmJiYgpi\
            b29vb29vYm9iYm9vYmJvYm9iYmJiYm9iYmJiYmJiYmJvYm9ib2JiYmJiYmJiYm8kYmJiYmJiYmJib2Jib29vYmJiYm9iCmJvYmJv\
            YmJvYmJvYmJiYm9ib2JvYm9ib29vYmJib2JiYmJiYmJiYmJvbyRvYmJvYmJiYm9iYmJvYmJvYmJiYmJvb2Jvb2IKYmJiYm9ib29i\
            YmJiYmJvYm9vYm9ib29iYm9ib29vYm9vYmJibyRib2JiYmJib2JvYmJib2Jvb2JiYmJiYmJib2JvYmJibwpvb2Jvb2JiYmJiYmJv\
            b2JiYmJvYm9ib2Jvb29vJG9vYmJvYmJiYm9vYm9vYmJiYmJiYmJib29iYm9iYm9ib2Jib2Jib2JvCmJib2Jib2JiYm9vYm9iYm9i\
            YmJibyRib29ib2JiYmJib29ib2JiYm9vYmJiYmJib2JiYmJiYm9ib2JvYm9iYm9iYm9iYmIKYmJib2Jib2JvYm9iYmJvJG9vYmJi\
            YmJiYm9ib2Jib29iYmJvb2JiYmJiYm9iYmJiYm9iYm9ib2JiYmJiYmJiYmJvb2JiYgpib2JiYmJvJGJvYm9iYmJib2JvYmJiYm9i\
            YmJiYmJvb2JiYm9iYmJib2Jib29iYmJvYmJvb2Jib2JiYm9vb29iYmJvYm8kCmJiYm9iYmJvYmJiYm9iYmJiYmJvb2JiYm9iYm9i\
            Ym9iYmJiYm9iYmJiYmJiYmJvb2JiYm9ib2JiYmJvb28kYm9ib29ib28Kb29iYmJvb2JvYmJiYmJvYmJib2Jvb29vb2JiYmJiYm9i\
            Ym9vYm9iYm9iYmJiYmJib2JiYm9vIQqL/dd0JRAAAA==
            """,
        crc: 0x74D7FD8B, count: 4133)

    static let bigDynamic = Fixture(
        name: "bigDynamic",
        base64: """
            H4sIAADxU2UCA319yaomSbPc3p/iCnIpkNDVVhu9gt7AQTuBgUAgvb3+rnMywqaspumhqs43ZEZGuJvb8H//7b/927//5//8H//t\
            //3rP/7rP//xv//P//qf//rv//7v/+l//Jd/n33/wr/+Wvzr33/+gT//9efX//m/n3///sr7C8D5vzl/9v0T9Pd9g583ef8gzkud\
            l9n3t/H7W7j/Or9u/yd//fm1wf3g8tP3D71fAPJlfr/o74eY+13/+cUnXuK9XrhX6H7987+z9zvh/hRdp/fS01eQd/7zz/n5Ons/\
            7M93A/25fPH3h86rv9fm97r/3hS6e+fL2CVbuaNDy4NWwtKL4YHeY7vz906dbwa0e0SrBMtL4v3WGNBPyi0AeDWd6x3L+c9VmHMZ\
            6V3O2qcPAvqWsQTPKqZXgN8VvpG/f/Th98CfSyzf5SwSuk8AL4DVh/DnIR7om+GuowVf0nuNcV/zfPrhr0B/4i6L86L3sZV3+HMl\
            5l6P+4vlytAa55v3877Pz7XRPQf0+OB9zuwKwbaW0Uv39YL8MOpFAGQV791D+dLKDdn7lL4L43f9jX4A8JKlzWLphmF1ecujef71\
            8I/yT9qutbR9/KwbxMe5ey+gP4eVJfH7E+ObyN2Q5JmW16ZH4/f2D+1AkBVFn5C2NsjOd77KLD/i8g1x794jd8i2559PY0th7avw\
            0Ql+N3mhOXu4Xko+kfgnAejO8vPx513ncTfz7ONVwzvKz+HLV1xehZYL3/l3TTz0ycfqhvOmesat7lKgy/0ed3qwypFHJxhvGPdS\
            Q4878O6EbReKVjDkFMTuu9+Ar9ldNWf7k+NrYTsLnqG6aqFLmN5YdnTYafbnSyGrNMT9kp+n8kPOKS1+9LCTSkGfsr1ferL00cLP\
            tqN3U5ai4T4MfEuf9kXuakepLgbnAFi9l++Cv4sIcvHO/f7zpd7nw24VwBsCrORdfYB+6uL79Fp9BDseIaXfWVM/ux/o0IUtm/dX\
            Htq0pBLE2Yvv9kLXkPdLeT74x98X2Z9PA+TJfbdRWWfgdcrLTzYc7kBsIeIeKHLf9l1+1mLQFuZVCBWK77EIcNHml9W2DCk0QZsN\
            zskAKeytF7pVlW/ZXFFRCRk3Ipom3UvphHxrP+hTBD1m/WLT8QVqhMDPIx1K205vLO33570G3DVZBdCOULQL/e431MDIgoAU/VJQ\
            gK782dK5htVWCHxq0l4pq2ikMoPWIY+1Irm43us/pVWyY5gvpTQktH1ZlS4nhCw33SNgXet494L4ZLSM7YS+O+34QvLVvPKE/Gxg\
            UgUAkAPGnoN2xbwvOddqwP2ebH2+VUCK9N+D4PdbzCKLLFogvFzybD5/j+7Qe99FVt1mg0y19r8qigW8FNbdAQ0hsQPrPFPxGMKK\
            EthylLIfE62mrLSzkKx7pDL792Ww1k5Ec3FbTq5H+FzE6Lbyc8G05TcMgO/+Wbqz2ESzuA4qrQDWd+WxMlw6DmQZ8gG2jbepfIIY\
            dMSVrW69906V8oW3LEK9sH6Iw/vwc/5AG0LACjG7llNusu8OYDhQq4/3Bo/0onmh4Cc7LXN6cIZPyvuW8VLAyg54t3u8WzpWemW9\
            tGurN580SDvPyCgCSDJkioGdQAVgtxOyPiAfRzep4WPXaxH9GnzmKaB2yutHKiO+0muHN30aqvGGGkJtvwyfeK8Lyln6p0zSc/B3\
            id1G/J75dBLAzrxJ/Da/Cup2wZvKBNr+rMDV0E+zWjG9l2E22ngo+lVA5kD/f9uyVi9C3xCQvUuPpR1dUQ4pbJwHvh+8A4KoeaUQ\
            ol0eioJIzTGK7sEu4a1hrDwyBGNWsHIYTAzbzbhC4I5q9J1gEFJpXfSWyoCAAND+FPBz9vumDy2CgxfTTYEXyYZHQA+tn8PXoXGv\
            NEElWAXSXoRWQXD98qXGQqnfT+erfd0d4+iFkmpXEJN3v3mkj+M1IxefOyE6iQcVcyZ8Dw6WQn7ptvNcyQAB//DD7Jfq/c6zWAQQ\
            nph5mdjxHZ396BL292plhVIqCqm2pFS627/VELCTHbdllZ+EFEqxrhD93103tk9uP6G4alwBDEeQN4YxtJn8bRrxcaXH7iYESPjo\
            xHSg8pbXgN5bxOx2IcUSovGzO+UVHwJsRUVXRs4SPWmiYoHdu4s9TzQEKGCvABOKQfIBs4LVGdp1z2DfBe8TMY4mc9cDazK92tJh\
            rdWxH+NEfgb0Oh1I/v1OD8qo2eEO2D1balljOmYDK1lKuUf7KMdalUVsLgJqvT85WMZzN4Zn0QnB65e98OFZvTFw/jMNgp3eCyhF\
            YqTf5TdAmZ9ZnXT3lmF4WbfgNuy4W4yefrPSIiPmMVLOYAvmhbeDsaJFGhTvHy5RgoueudUNEnVExduM5QFtEgOnNkxRm3rFQIY/\
            qs7pdaMsuCrtHsO3FzQtgBBErIa1IfpPP/XTBvFlBTW7yE/i42VgbJkzxMB7sY8XVidsWvvBJsLrMPzXFGBOCdTrGir9oo2kdxs7\
            kLSgYLRM4Tc7rEaAOu8uYHi11cu3PBgqcGk804F6OaJl/5mkEeQzANvjGUF551PSqcNWvtxpGnTIRPocMFIRKlhXtnVDImkCjXVe\
            DKyHSWDm9trvfmPkh6i1fAC0/pDNWZt5WVYKSUeDzvwfZ5IY5Aij16zWCPCu7OzFPg+LR5UhJi1Mzlhdht/wJ6jAeNF6jU0U7CDj\
            Rog3DuiM45JDdm95r7On8vDCAYDJqZTgCZtsIZ6eUa+Zu5BVHWX64cyGgbX58Ok8oMM7+AT23bac73D+7IO2oxmtaHFrP2tMoT0M\
            kPudrB6MjAEK6mzzSiZ50N48zEaSAttBUQL6ndkC6qf841pRfh7eh58I3An05vhf2iBHiIlEc4+7mC0K8Uj6JyDGTmc8mlxJh6el\
            xSsjhNuHx5GgHTOUyJdUGswTh/T6jMnWn/Qhe3kUKxCQMRewDRnwQ3jWGSpgboYOgpQgwmfGByqwFZiT4ogHQjSs/f0Qj5KMuFVL\
            vAM0AtTNGTEqLoVI7BZjHxCKLzhaqwSj+5qj8HqgugYlwitvrA758xCi/eExvlSM+SaIS1ZNAPbJtGQ4hQkTqpBVerk9kMbyt7zm\
            yocwNeh4hP8QU4zoCZd2R5ZERSZ/y3ppamPKGpu/1CwQCPYe4tM2emMHKBdND8+7+9mcy/pgxJGC5Dm9LDKU2kMGWWAChqO2+DnD\
            H1vI0J7aeEA2W/otBQwm4DKJqWPGw10d1M1azZAPnpAHYPoGAjOxG+UMvDaC8GW8Kyf2IWNSj3Fpsb4JSy+KaT0HhBrCe5CNG84y\
            GXi94Y1tgOHwxblCbw8+yjIAcodxNlY+5JBkqQgH7bBUHbGgx2aCSoxADuFAg/XQvwPJwl/Kbdf3TukwUAoTEXfgo+bSWhnz0WLG\
            jc+BMk0dd6QpVN4qV+NUIMZZ856acCEJU+axfQwkx9HQIDPJEnldHUN7EZNtxRZvtHcAbLwgPpqGQIl1ZAkqfOrDcN7SfeHBHojY\
            8Ikx8HvcZdmoWh5vxxLpUGocktEjHxNl6iHjCoNo7wJ61lUy660nE/WM0J5PjeMMF/16acpQSQUq3WbzKBUwU+hMRqTkrwgU1pWN\
            ubi6ju1QZqtPEJVP7Yd4UqLp2Y6Hnkp8dGaSE5h1yYfgTpemXAanKA19AH5S+Y+Lv2JbRiL6XN89r5rL1QNBZaJmOPfifecM61u+\
            c9d9jlhK0tkquAnQzgFEaxrHYUVfMKGXQ6FBHVTgZY0j6IFRMO5uiE/GW5qcVrl0wKrKK9JoZ9RWGleyPkkW0Y7V1QKNcFAoWx6H\
            RWYwG48bYaxFW/TvozF38I/QEATomHvGgTpkmAl/oJSbCOFQ0e4yNm0DYgNUjGANOwB8BqMEecMDzhV9YlLDq9gwXCURLkydQHXd\
            W/tJ+yZVP20isNmHUY+mNe6xc8OnyAIh46ybghzYcaO7mcOV86wW5YYjysHfdEyHqGeap9Kf7GfH8N7Psacjp7HrerWczL3jChsX\
            aded02Jvy3+ecFcdPsTuo3uFoi4FSUainHECozad0IqLS0hjjJvQ25Fm2yUYkr8M8MLG8RYBTh0eFPC9SAh+Songdh6i3hfBRUbb\
            IjsHnD2HQ8dQifOikJTgvTbtdLNaN0IVBqtisJTo6qmpcFNgwmgz8CNKwJXgA5tTUek0TLuum8dYWaSDJBPyiM2C7C5jgBhYZqbj\
            jxhN05Mx3C8nhMiyFhm5CsZ+0KTDlnCVClBO5YRGx7U6Ak3bWCKRzXepTCjzTUsQVCSsHWLgBtroxfxZkE0LQ/U8Alwvf65EKAQ+\
            jnVheb9RhYVMsZuiQaYZtPycK1gOGrvMl/48QoDyo0Rkz3Rqa2cOnJdhvqoICHRPf4SOD1KPhpjNuvuY/EFcFcAuByg8HfoQQk/R\
            sv/24TAR+UZ5lvozm8bPburcEkDmc2/to/1zwUagKrvxbRTU+bjjzC/bBpB9fPQyNAK0XU1U4H4CKsESwtu6m60IWtcR7N0gYC5V\
            FL//fITCqG04grK2a2P1hDmES6MHQhSlt9ekx74ruNKYhQ7QKUoHKDNdYWMEPIbDE/VeVj/Ez+lo855lqPp9mVy02MpgcKzp8NKJ\
            r20spRwjfYndMKtnrc539UlheFMUwCaYg1se1IPigoT3sJlkacD0mr5fuQJOVrEMPfIZVIkznAbBoJQzzKSrBGLISJd/lOaSB4uP\
            1xIs28OSP7Y4iP0ynsJW31wYSL+vffXs9A3tmkrUD6clKR/8Cd93PpXE9yjyTV1jj/5sXeYAIxTI97DnbaKxdbIOC1mwzppmFBKF\
            4bjhmeR2YDwPnm2XBDYEcbhJey4q2gQFLhDmwXNC9XZFGlkJCBdAlDRcQDL70DxJsGXmFjMPORp/kTapvXedk8T8LaAS917xsrUk\
            f526rFJ7yfIDVO/CJeSxxo3ASJgoCViUalMuTILHh7ngAvkrlwvBVNOssgQff9loksCt63Vuofesuc84FVyGSUo3mi1PA+I41tEO\
            AqYZbebQzChQDfUEvLp0DDdAsyFr2z/A5FcbHJyn5inj0VAl8Oi4mIwASmGLe0P8HtJPWZnYSxVfz/dRHLErcDcMbPiWsIHMXeuD\
            Ct/oXdplgRDy2WDqf4zXzQIoFT9w2NkcBEImpxxvaa9J66E0BBdh5ed02zwleH45z7iL3Xm2HoaBnMevoxtXxTKSA5/5bqFW5ja6\
            H24iek4V5GZRzJQEFn8RE5pUfwwdTXzhYi5c+tc1QNtgwSpBzQm2dwTIm/rGE12vsFXrE/j0bq2ZYhAhF3/EKI8kvTEmgXUA8kkH\
            QdhUpO69YGmEx2fF7JbmwAau8WMwRQkmxuY5KsMXMQLqK5AeFkhao3KuDFkZ5bHBrRr0VL8aNBtOjrF2Pmy1oCdZoIDTOx9UE0e4\
            5OysxwGqiq14kWKdNUi9prKMkKyKZhpLZ8Mjmygans9SG1Vh+N46dZDaAH65bV7xjrA/oXgtw3YGAkN5TLONJpsKMZ9V2GY7YKD+\
            o+HdLiSibz+2QqBsW/pf63zF2uhXhqWwn4GVqybAxd/26HyLcQkKAbGqH0lK3WaaF3dGlJbOXR81GDamlwHAtqNtOgbbjuxNgk9J\
            nV44gHmLiSK3HgtrODJTKh3HVcY/tRJPIrbvJuo6ihwnGi/d+HIXdi5OQ2ik2wAW3/FoYK5glSNyzC37k9gTuOTZuik3lpDH+LlP\
            uI1hy/hZoV1r8xkicydcIH0nUYsznWuGCZGpxIoJOfdT8IoLZqlLYESZ457BEqOYj1klrS0hnx9fqgpcMlWQsTbspncaRBPvzOTt\
            PuVSOumYC058ZRaCHfXC1ptQ/bETE25vrYPwNeOhsTmAzw5D96PP2lsqTv7+9tpELBlcjjq1s4zxWd/BQNr50juK8zviGx/y873r\
            Eww2s3mFOcNiwy9NH83QnXnHkuSVO7tDjlUKAUw0R0iriFF8wgjOxYzbcP3TQL+DDQsI8LnAujJMHtWBXY0mSLMrUewqZtcgvQTU\
            A3kNrPCl8YRr2iq2AmeL2hhpjHpMHe2TzhbZDjAkj7Rig3oCCZXWqdc55Eewpb3mL46hgFTpRmgO4ygUhwviQirLX12ldWz6eJkD\
            3A4mGGJQkUnRxay15kYoZ19ckw2kjJVMMGaTd2zw/+deRZX55CWDTs9NYxF+1M/lUcCExDUpAh5ykGEl29aFFOtNSGg0ni2CztgV\
            bUUpKXFi3Zczwmw41KdulbX6mo2HY6GexSm8uWWSMb1Of7dBbFMk99yWYdp/PDSo0SFynB26KbB+FDnjJEgJ2kkehyuNbLEC40my\
            sndvExkXNnGFGd4r4IpL/RfmDZwBU334i3OIDv83Kll441MmPVcU9nFCVxL1awUNUroZGBLMVMigFUVZBvMTFT2XOJevS99V5nvI\
            aP3CuB094OMKtYi2Fh6bSlYUUx02kH2QQSe+lHlWlNAdtBKVsWdXrJmP3Zp9ttkAwpQ+zor1Kc8YbSxY8ekNjg3wWsYV92ceuJbI\
            /TbNKna06EsoyYTpcEcV4UJaOpO8dgOSxF5eRWHNGhgILYsaSOP16IUT1lPe+/oRxqGMa3RuJcmatXSzUGSWDeTaNLmHmKq5DlVH\
            fbP94I/KwUtYNZ4fJxttqvWViaVP5aO7nz/JTnHnc69YMU7BINTzMJg3iCFoJCKgEDLCS92oYmDSNLY80lshK6Wv/oLgQoN70IEF\
            uBxbUSYMTJgPX4CyGRYc81aikTvHxppwCCXhJPCWvl8KKm09E1iEjQCdMHWZhNvs+ei2TB6GRbKwqbvUjJhBs7EN9rlOoJVoBPZa\
            bdQCY6x4LAzBDpMPIheP62KfPWNtwXvHsz8U1BSwJ9Ry9w+MEk+8g8HnvFV3nYGaPUB9tyE+Su69y8U+MtZrty4BbEpSfv56ZkPc\
            HBFfmQcAD+ibdaQ37UMiZgtuj8sulYiAPvNlXeZ36zxummpFmzJ8zK/47o/rtp4AQbGRM7E+YxpXqsdmCqeH6JN2JSMtXwVNYtZY\
            GeC6OJ85CyxEAU3BfD94Ph+DsmeQXVNQ7ooeHUDlFCCH+8WQgkaAQDCyQra0vi2rdl6+K9Dk7ihP1D04ZlN6hVCjCXL3lBHzrCkr\
            V/OoaqjQBlBkOUJO02YftHR6W3Zvhw+h0Ij5a0GiKINsAWfMESECFZAxU/96pp7dvxXRZet0o+wr7HY0DtYHGiioBUbmln0pltOV\
            VFlug/DcNm+AEuPoNDxQlc4V6FPcfX2nkUU2IY4vDGOkB7eBg4NC3oSIoqG9mXngX72mS5saUWm/zDgUaXOzALs7kLy44DthTGIX\
            FEOYZUkJTL2JlvANy+g/xhNFFrQS/cOqIjTuqnOvsGaHUnloQLfWxVlcV6Th0O4iHTNiquekIo/22Q5KtAKOTZmBOoKAe7QhPPrp\
            bk4mjEVtAkTOCFaVmcOuxghztvBratEuW2Ks4AQFIe4U3sbFttylNbJLNnSxxoQeVTfbhAsbZRoKeLsy15SD5jE+Z4LafNnG2pcY\
            /yWGgljdpMhWaCJGdWnjL6atozI2fwLkalkXzgtgdGnZEEz0Ro+F34D6ttkawB7me1gNUbROb7YCurYGtNlzytFJ7omALhc2biZI\
            kImXBhwaXqes4vWlhTPZwDVYQ7E3h3szQtkUVP9OOtI1kvTHlB7ewahRbJD/CrmJbJKO1W+S3Ryj0OwFWl84UmocOo7RqhXGRnZI\
            N7ui6OUQzoO5XSmIQcFRSqluHFaxQ2TK/o6XE+0KbLScbqExH5Hp73d71EIkmjJwjpCJv7qtFE/SnAk2jlCiCzPb/IZNxNBIY6ge\
            +6qqkgNkoHZwxTHE2dDqKXFoytYpcH6VB9z5HT/H4ZSMDXso8AEz8BR33KcTLfcASRbQCz5c4qEd08iOwyxn/myij2uSENFPuwkc\
            r5GK0EQZPvbZWLy6t4/YoBYpFpc8BkbR7i0jQJfiQ0QWOV6EHDAOO4GSQaM03S2a7EuNs2LYLI/MlyC26Nk4cQs6UOiMmqc2qiPy\
            +1NOuTV0hl0OlFkcVKtX978ss+ZPOgGhmVkmqguZlzyDKLCyzkOzIpbKZKqTo1u7bSGUCfwxC8dVjCwBx0HOazx36/douCrIMtcp\
            OGmeIXloWosz2eBmdFKGz2ozGHPh4Bebfv23TDJusjPWihUfkNv/2W+ekD9n7nDlyu2a0/Sus39haYYB+0MlI1LGRnxaHJLGHgbG\
            +8M1x5woa+UO3tYDZZJN5o1wknTTHCEeBucie3CaZzidtswia+KxoFjjxYebyeyH0j5sJACneNCeP6vWKWFE4Cf6kwgGzWA2BOss\
            7W+aB+QZDkM6fUZelLD6dE1ygH1wLPPDZk9Bm+h25yq1EkLGHP4W+JORoO4DZZxuCy2U4clH5uVGRBIcX76qHFSMD+nejQ9U707L\
            wlscW7KJ6lO/PIOhBWakzqAu6FlkUQZr/DN+AQgJvVh+pnUDQuTWeF8GT4+Hg6NkKupUHuyICxTf677VnQ4SCdW+At0tlEKXXFuV\
            hAydm5jORYZIwRNDZTph4hpdkOL5ntbEpGlnlpjrjNGV4eXq0iA7Jx5INQug1SOUX+wiE3wWsU6bOfopTTdMxrjYSm/UJLyl8xBG\
            xRPFHTk2JPY+fJCu7Aa6dGvcNVMfJfXZdRZylKGJLO7ZkqlluyjKsPYt2gxZ9TUU0FIDejEwJS9zZQ8BMw9/W0ij5E00cYVLccp1\
            Hq8GDXhGoRo6rE2zO412b20cgvRG33JaAqbNnZ3M8wA+CJliPmVPX8bCFT/RSEPUw3Jjc65mVROkeqb6eB3hA5azZidh2DJp/fJk\
            OWycKbl7db1qCKS7RU2pGw3D35Y5ofG+QlOGRUW4Ht6OUH7JER0E6jgGjSSsGP44A+6JE8ctyaxTfwmeEn+FRJ+DkqlPHpSz7zkT\
            sP4KpAdxFS7G45KQqg4UK29b1GM48YaDxK9cCE7OkAHH2Pm9yQn54qHyWhug3GhsA3us8+XSaQpmSJUfEt7XCdWlVKYuvB0AKmEB\
            B9rjyvfcQNqPNB+1WmczPtaDiZdNr4MawYRRfzbk46J2YdhQfuHixcHRE1qIcbIzKghzE+MaooVkwWamxdVAr6lvovFsEw+aswyw\
            zVp7G3lc3YWXhFujjAILMIjBdkGdAOFR8FjuaaKXr40e1PluncWErJZJVbzxjsOkrpAqtWnphyZIq8AXpcQDqehGjgxFYCgjf6wH\
            EYJDLtwWpmVDUtkz3Aqd+gTzXHCxlQUmbrGnusxMclL2uD6Lni82qXs+jUEF+PhnPlmHZzLBF/7AaAzhNef1Md5Hy27cVZZ0oNI8\
            rK2yBaQPnBUwEA7tVrcRJY6RFtMPintOvTFVMNsdSbUMF0k1884p4G4EkUWIyv2jg61W8lvOOk9WoSpsHFyuVowIOZ3ZiQw0akPv\
            8QOf6XnFS5luCLQtM0ms0raJH82ndmujp6OJMtS9UEdqnAJZtocTFnUwW/Ip9bw0cs5Jg961dJpd46k63lxISSoymUbfNk16+qjr\
            UAItI9sYMKEeh4cqkBAhmCkoygoUkPN3tx/7oosMFXNcvVhFTM0BMZafLTxl5oJkERHhF1iY4GseD7QTbErhIcKsuCBO6feDziYT\
            9QljJy2FGc6QUU7zEg6oxXsl3r8GpcgXP+OolpvL0hRS6oYDgAdb8LztJ26xJB8WJttjUL6PGsf8Qz04b7/CnMXWyUOKLWcuBSm1\
            xoRbRMPBavIOqOyDw2lT9rjc2wxBWjIW4u83xdktUZxAxfxMHyIahbGwS4nFcVzu7aCT8vkI8c4PybyaLdQYNDgRGkWriRw/vebV\
            tedJBZeYK0dDRzkeU7sWT2zNrhd0s0ltKZdYFcRr+SPEIkvy5bZcD8vRuJ8mMWZR7W0Z0gif8RjzmYNLPqBOIkdwmMb67M0cOAeZ\
            A5v+NS1UreVu330QfDn6gVE7imavaaWX2RidwVL69yhnofh3rVeYE7ge1hODWoVuQTY37w4c69kc2jcnI+dZm96tRPOxZpABCiZc\
            TV5G8LZqtbIlVWdqOFP2UuJQsWGyOw4qStZSIf/BbUSgd6qTt/NIYcshiAb67LiPSow/WbjrLncTGo3NVLxVi1IgcgUF2d/u/dPn\
            3OBdw72B0msSH4QTEaVPlswwF87HyUEiUKGMJecC2zAyB7QB5I3Td8zpHAg9VvGtZh2Mz0yIQJnkcsOMxi2FxG7akZJDWnXrswkI\
            z8nBSlMNjcFtErHmeRLKmjAINIfom4S6HSKJ3vx7E1XSmxKCvEMsAODDxGCZaiDwvzYyo4dz4h5nJeC9TIEFRpwzBOJFmW4i4FHa\
            RIGC5KLxtbbIDd5VLKDho1ZJlcKQZheDpHwpk3BLrKVM7fcayGYIElCI8yqdpX1gpPdLrNxtbZXmrT77+DY8flUdu83bhKesltOn\
            AXHmUOgpFkz9r4EnTqmEEywpXwDallV5b8odC4V4wNYdTovDWr4i4bbswETVVmpN0W7SerY4WdLL9XQKSRDAeC3yzBdcefhQd7eI\
            zNzHY3Irc+RAlnUQQA8ITv7Q8Lw+NN5V4QCO9T3FrDgyMMxDTr9UKFZQutjcH2FoUlqgGZiktGGUBjqs/3AccmKsuclWJsBui8AO\
            64wpYxSCeVsCeamoLvdnd9zh0In1pE5rupuNu4zBxhGgdIDiEvLJydXLMam5BdkLI0if9F5TzvsG/Bqv2qG0iSbD14eKVoCmUcA4\
            PGxjd7U8vRvIo3yl0SsejMZ0fvLK42UuBKelOOXAKi1YYOLAm/NVG8NNo0N4dbMWGpp7fxv6I5bgP6v4qRgUEGhsWVvv5x4rE1bj\
            GdK/fYM9c/RTUWIBRvhbdwk1h9JxZROqumKdNCrL9XouWDLGQQcLpyINCC/SFoxtvtD5hZ23PzGQKxsmXBKlVo9YUwGuVTtup5mE\
            IJp6oPGY7hH3KGFYBkguJkz7iOt35Ep/IKQ8A2HDhKXqx4DWVS5jnour9kGwipqz/viGTDjn5FAoIxbOSAMnnyEznrYc/OAD1SmS\
            N0XNxzVoRU+bxGkWoFeqcqFQnCB0phBuPKZSRwCUbgSLC4I/u9nfItRZSqHmR3F84MkHOtxhNAKKALJsdT6STiM3TUfcDuKXxmNH\
            nOFcxu8tHBoK1VLg8UEEzeenJB3MhsfjtrwT2O3TwxDBBlo/JcsEltrKMyDAtqiSYtzTD0VcPQMThqHRNrLVP43Pyj4mOQtSCGB9\
            AA7VCgxtcekcl/698G907N78kdGZTmQU5ER7b0wnzDy1dJrOADpQxKq9ZApDoQ21TxGtgwmjOKSSJxNrhEfhsA8aq8CXsXIUdRXD\
            IlfQOeXclZ+lNXS0P5FWz8oZa8O1yBg3oUWa4TSDXjMGHdv2neQAt0kRgQBYwGJRM5opXevi8PUZAj/WXciudmPVzwH+NEwWli1v\
            RBUo8vCykl8T16MOQHIz9PSbYgEQiixrMSG+zWcvRktcRhyzt7N6ojgdsSKyXSDNxdTq7i6TCEW3UltBUvVcWKnSS8pfA5RC1LUG\
            H2ZJ3I4XSCqNiun+mCUwWQRxBm+bLDtffXQaovwsRGbP5nSDti31x/HUMrcBBjS6ZD3IJTUHee5qz0DotZ8cb7laGAjweur3sZ4w\
            VtwtRnpF3SMUgtHWrvmd8/kT+7Zkj1ptBTf4cK2FD34vJlrYnUKOEXFjOEbO6q2yBYYsmpM5g5NMKKkzJdRLKVM6gcJVZBc7ijoW\
            laKGSoiR5t6s3RBQuHP6njPKESQFHmnwUQcHtOoWAOiCDJ1aeEYLJlMGM1ANublrbMOOTYjQmtI8txz+G6qOHsuZi7guNG08+JxC\
            VSmlAELXNjeJ2RB/GHcUpiQMks9pFtp+2amtFxXwluNqEnQJhZhqiV+8naQiPFi3J5dJ2rQIdrgLrRNPzENjjd4O6pc0HLn6vgpP\
            VEqOUEGe1fL+3qMP8U2LcIoFVhqWdUdUyQe/YsJPNyFs0+FbFpvvxTr1KWrenI1eJb943ceIHoUZ6fYzfw6Yx9dqJgJbW4ZCvZhG\
            q8o8peyf1SR81kJ+U6uEZFCol9axiln/5tvtu7LyllXsHf1jvPs0VzQZ8dhgbpPU6Kp4FMeICaNw8XtjgwD1RdY9YSAtfAATCMoN\
            TIoCTmDRsAKk8u9Ozzwy8ZizBIxrwXRr8XNqgnM5JhpAUwQ62NACyCR4jGDlVRBcURglpZ4MkNBPfUPnPpIdx7v80A3eoZ8yeC6i\
            lgIbAojvJgwxryL/ux0MrNGKWImYQUsgpWzpgNrKulWOgwmhVeB8hgfaHKiLowUUCeyOWYRk3ytWkWqaQghnPMocFO1NjPJtA1te\
            ahPx7iyUqxPt5DtBHSCMH4NTgiFt3TVNZLYcmFIMAihyYrDz4XVxQoBxnpcEryz4oZ1al6XtgUSgZFMxegd5mBlvez/Ts+ahO6FA\
            0OphJa4QVryAzXXDKFyzsApYD6NQ6yU2OENR0kaLvk3iVtI0Utyj0yXo0fBnL35gXAXf/fYrC4pskK1KWC74Sq0Vo7DVddPrKu+K\
            c47N49Eto5aKqwYgCqnSHRTltkiPMlPUXNZqwfa7V4HuFtScT6Fo78eppl42Mu+cLOmR/J/w/Bdhyj3uyBlWjiQ5u59O/bhj9UZm\
            W0u5pWbTx2uXwh1X2j2uhUAaxuDTOHVqvJFn90YwxiifI8tpaEgZZGJ0qONTuIaV/mVDbLNkVTDTMHDA3Nk6xnoZdirUKx8Q5ntp\
            vdbYtL4AZhtCd58G0sz3YDrCyF8LfjDI4OBZ0/zsW1O3Nr/i+fSym7KHn2wzJt0Cl1wXp6p/yaYokkGpTGrjuvOGj0HRZrd/qf9q\
            zI1iMiN8hU0ZHsR8DogTr6EyKuGBPAwbStMN6wRD8qRjGR1ABwyk2S8LMrhnMHUsi54nmUJSC2c/EfPNlzPdbkuSgx0zN+8OxZUY\
            WeZsZo6BeaJgCtE2qgmAsDNxF+5H0Vsg4aWWO2GhivMF3kRAiiOnMsmYOCuD6eLCFXMt2IP7WZka2kSPxEhpzRhOApwVpvUIyzVM\
            AXDOKXZYQOizV/UeVOafSz5C1fLpCT5NBO2rzQd/R2z38mSGiG9uaGhxTROzKeb3ZhNgzmj4cufwuwezUJ8yVoYDgWUPsi1yklON\
            bQPckncEr4td15Yjoi1h1Pd8vMGYDsqGBAERqMJ2/eYwop7kSvZqPDdOYNkmvEWp4WAPw9kOBxtCO/yNtxpSwr0mqS8u7XC5kIga\
            547RpKaZSTGy8DEcRpg0J7zf3eocRJjVefFJ010wewRbsnOTBTA2wIy94ql9m7v0jOgni2yxEEw4rcuYUirbXZOwN5WZMABmDf+B\
            o9UwAQnaOT1SCZb1i4UrRx+dWSz5UYgrqczXmRQeLgGgdGF4jJjJNiCnHOzxUhnWhoNeij2d+6emzIXd785bMG0tF+oPwhV3M7a3\
            mJJ4EBlsOi+QYc0fMWLPcQzWUjggVkvzQ1BhU0GQBvK2/ZkbF+5OOH4GPNmClTmVDxsn179TOIJRAkedwRaKCCq3KMdjpsHP5qw7\
            ryE9CuRqphKEHWd8zChc6kep8ogslVkbAn+YMobDrp70E0MoBYLbHKQEKk8SoE0JwYSZVAKDxD1p4hZBT5JecvHVvd7O0DC8tD+s\
            qn4dEk6IVTmnpV1rrJ5jS1zINRSW8KJy6DpFAUo5gPcW+5cvKIS/EVKTXlIUUw3JbRLBHK9NaQT1xCueK3cvpOMOvqx0VJkp1RCO\
            ibSgug+g7/YJakyENJ1jz6UwX2Ybq54LitxnA+NtH4OKY4PLGDPUit25NRibxNu2vesmMSHHEqsYrcObayaoWDWi8d68OzOuQ0C6\
            ZQgBZpEFIdb4rtlgwdGkQwx2nm7TsADWy9wFMbrZI/l5u1n1LKu6H1Zkr1JL0n/ZqiB1xRmhosC5Fs6LK9FkkImQnbbaO0MkObsR\
            hzWFwA4vNA0Qi5mMDmuppNjQIDQbh/vmk5kdtiMIO7S42pI7hj8QW2zHXNCkSe+N2Ww6Gh20b0QNMsWpzaQew8SM/Uo1yEj6i/ZD\
            VjiqbYfAzm9WDoxVmB8tfI6FkDBNyGA8jhrnq7DD1O3APTEusvZ0/eTEnVzYfiI0eSbF0eM2hrVAwhiF6gvnEBNEOy1HEXZAlBw/\
            ezJGaZlsOoAC9BLN72FR4AhFwLgv4c6bBpPveFTd3HarfN9xiVAJjHTlxR/6Sy6vBfgUzvemeeOGyYscY898c1y2lMv+LvZoJpMd\
            GTe1DRMG5ZYl3Oe1nDv3WeE/MRD+iGIx1ostglnndu4VtJvYI+y6ZMrK6vX19iO1BCAJjH6puMQiTijNqkL+a6rjYurMRJwgJiqy\
            DyV2bkgazxRIhUqSXdEIGIBaaQc5yBnH495X3syH/1uCh/sVCww4qmkPo0eDzrrRooED2S4eUwlaS4NtfGF/NLOkg0xSRjNSCA0V\
            cZP6kSnoj2vKHDRtf9jNT8Uac8wW9cRHKgPQ8jYvAeJaCFnigbE9HYqXMRcyRIMjRyNwEeHUxDqYJKtJq4CVaAvjPY35PXpJmtPR\
            QoGiSEE4rMLFA2BoqlKzhEeh08d2vCAeTbXrdzMXVMNEFMbWDbcWmyQ9ElTNopnC8gcmWdEeD0Pb0NNLd+ysqYvdHabXM2u9yECQ\
            6YzC0lRetpPlyzSdGcamjhXX5GxqUGTy4i9p2UFkIQ3HpXArTMxWQ1tQFHNyetdN8eStNglBVqJbMtVnmSlY6c1fhFVTKK4KLNjI\
            yGzQf+/BiHj1aSNJTbQEkN6H7OKEbbaEaWXmGMzZ0i3/BS7W28obhcTKQIYjOUVGV4XJEZSGR1q+Pmz04y0x2DF43VJukyDqec1w\
            VefI6d9a4DJsj4Epxl17UU3k5QbCB2CgEWBPnLCN8OdRDFOUw73OOW+yAjJLj6Ye210+NvZhGwDImT6Bm2YfYwZMy16IHFZSZGFm\
            7yaJYx5I/5TgKLl2cPGa958qM+exi9UdxvLdYABK5olBudjizuo0c7Aie7X6sE/Bnm4xrpFqS2F/sEAoDawRn+8oltB4SbkBhi8P\
            bVKzjVKXwQyZwqmk6TIF+7uBP3Q0QIiJt+jCfPstveRk1XnDse1Suqr0QlDiepx/AG8UgfsYubTW8Fjm7Oc0PuzsEKa2ato4NNhh\
            vq6yEVFsMn9bodvBtJhAp+krbquAMLQwcTd9OEW0fKRXvqdEADKtQD6ANvsnLergk2bRcUgXZIkl/U1KQAxaBepDZckyKmAQvAgR\
            kMQxKXomPID47Z3DYhgmVizpHSdZ354shFmMylZVOX4bntyjwNuhzKvnYxyX8BVCHkErYvqOosVTNboCs3oGCqGgjHjdPEFzl0Ta\
            GGkRMRXjSjVMgUfUtG1qXmkh3tuOf47s5kLRZGMqPnzlku36tEK5h2zQ7T60aogGVw5YAwwtVidDP3zXNjGtG/bjdHfbA2l9T6wH\
            1p6hmxLZioClWHtZvTBIjBjr3uLG1ode5qWT4b0rTyLgPrqBD1hO52txjUgcxWYqCLzYiJYoon1U0a5sFD5O8WQ2hKYli6BLDkE4\
            01GJ9iAcKHTfntzggp6qJx8R6e7XG5fRIEKhY4RY5jxhFbPNJyK0Ye7UPloBpaNopE4c+jPf0Olz1UrCcH0XbU8jFArnPURI3Som\
            cz7jLGP+CnFsmmy5nmU5f0pFZB5qaGa5SB4yicIer1pMjCCdENwzYUxKU4LDslZwoJC85EMCuGqjbonDPK6nSMF1Law9QPhQyr4z\
            X9P5StWng2yNodJ9dD6HbR6DqjQ+2+amgDohUiH8227H+7vjg1QpGdcXmggV6Tkbk3NuJoypCe0jepH3Ng48Nw+19cWmPR1NOIb7\
            EnAmhAyMkSF/hrTZXF9bxGAvt4E/wc4ByQIf9H2UmI1nXIHpFBs2wlZ/RKgKcCGKrs2cHbdRRaMc5NGjg0fUok4rzQnZ1lrlDIPH\
            jIhyo1PEs4qW2Ic1n06y2auDexWVgZpnXMoT/dFESq0t+8dFE2AWGWJiuDYfC0dbo1ExxQkB58ue/ex+uLlet0F4ChxErQbXJzid\
            EBg0HlsMhixvJ3CjgcHxPmlzxA0biBLAIlSIZOrjZHvdOKzOnTAIZm4M/B7CFvp7+0d6WsSekJYtiOTs1dx5I3Ir0RA1H/FdYLNJ\
            ySzncCPw30v37Ehj4y8Ac692EziRxOZkYevItKdPXMNqzxq0DTsCBGDhNDiVaA900g5Tzl4lNoxgfLi058Z0cvTB6KbhVrbh5wB3\
            rJaYPeLftJEaZOgHg5bJzyD8KLIZQo5yGKs8cmFrV4OS98463IoMPJ8STmFhTSEn5RtmdaIgMBcSsE5IwQufSExlOS/C1wjBxedf\
            GHjSmy19j606O83DzgzTaENb/98VPpIFCA/HYHpB54VpN358BfIEc5WP5RJLzw9RLOkLSLaH4I6O2R6mFFt7ZUhE0c9btQOYlnUb\
            /01jUGHxorqKN5jeNVdDPZIhjF6Y/W0j3BErKPKPzG1wHQ14XOrmoqfb5k5gBi2eQ07k4tzI7Xx4diXNRtsb6s4GzTBio0twXAxK\
            n5lctHWS+NYSuUr35t0FYIK2ihARX+e3JrpSDwPMSslAed5E9diEsUO/reShzxQcvbC4icQ8zhV/sJyTCHW0tF5DrbD9NB2Ig5Py\
            +CqBuQYkjfmnmXsDlLwKY0EmKrBFc29oK8pdwrXCY5TiaU/Vlj1dyeZTjFPgsWlK8w5zb+yOK2Vsnp88FTRN1AQopuNxREJJ5itg\
            2e7NrOEoVvJp4h6JA5/V2rw4+cVcJmxdX0lsKCtXMx/9BI5k1HGqLoqKpyXdqC5mvAyH18EnEJExgbvdn+k8/qbAiYBCBSBhLwNT\
            R1pxi9DIKhY4jui6J1TIYotwQxw800qiviKij3jYBF6nGY4E2HPt7fp44YQP0IWdrwAPdB6ZgQf/I8bEkTvCW3oJQ3FSLvCZXLjE\
            lLqd6ePaFyuvACfALu/FykqLNOnCXL2/5gpJqLFzkv4RlTGpchiE8xwc2/NRjoBQHfuQCofda0W1rvzZiOsB1+jYJM2HOQDEuGbD\
            bnuRnzB7MjBerHalTFBBtTOWh2ZyhiVlG1Nn1dnsYc1H0U9VLSoqLHj2qPFZHxJRTSJY+GpOaFqEjW+uQSvGl2CzS9MpoDolmDkK\
            3Pli3hoCgL2SyNjZFDInNjvBqmlpK5VfwkOZ8ULBHhwtgtWcWAG7LYB3wT2Do87963gnSLqXdX8iM/oRTpsQl5DOIOpc4+gO1DH4\
            K6BJR+EokmLS3a0ZJkLOP0QCRmR8jEtcHKglP2iECPnOp4Bt4RIhc0YwR5n4PiEHh+pVJGD7i4q1E8qL1LBQQnkOSDRSMOhP8PGh\
            2/awLAFDE4bv+IygZPgGMIZlhF+EzzfgJDdc3laxuEJLZOFwOWlBBy7wC/RSdWFm5cVktDsFMnqg32aUU+a4/ptYhVH9TYPowhnQ\
            3LKyy4r7QS122QECynZEdq6uCrKdbmAwlFJLlBWgXZbw/QwDlxBgmPaGtmM1oKYQv3S2WNMlUBPicPg4R0JMPtGCEUo4oNjZ+u+j\
            eEc/XWAyZVACY+FtFZXIQzjwgXXUKckAW2fMkY2O5oOtBb4gmkyxDR743PHTkxQ6B7p4F01ZN62GpBHT/cVtyzFCBrC4M/Xy9DgA\
            nizOutlHtnXeBRWy4ziEUXP7yjhdo26GntxH2lHNg87hu53haTwVGWnp0mhYCDnqhQIMnhQgejsdkE5V3Bk3UwZCLmslTlvPljOe\
            qhXewuMcRI5RP/mKHkoq0dTWY/drQNo45YjurtFHlKe6Gb5+8OJU8sJ0WTLE4Hx2iG0XtGUWF3CzKEPZboQAsa6LjKct5eZ3zAWg\
            IM9rsYRYFJnW+9jPbtrDo45xmtiLMNETheaoEv7mAa852KOjp8rFWA9xDKLIjjOPAn1UibrZnB9VjpC6NBotaReQlAtqZoYN5ump\
            fdhAYdMK3rD/QQxUG66ZaWJiZHqrdMBF4S0DuFDhz5S1gKuemIKM8pSidGpqlj+le0iX0sQvyyICsa+kyRoWSGLCtCzUgnxd8QDr\
            1168OP34fDP0hj8ag6n99jZD5XWI8GDPOFCHaCk8nUMJkm0WNsF8X7fWEKOFdXomGYGaPYPvMg7bGk54p/ORFdqY966k5uKDmsTH\
            D34kMc5ItAsJnZB7FbK6UElb5OHR3UGDT6KcXIuAgqQ74Q3kKLKXGLwo3gm1jFIvMvGTgkb3rrsZ80Ief+ydux+xuuxMdWPzWJG5\
            njFVGSvOnftlgm9o4HweVOLA7bCfrNcAuSUOAFBUu42Os4wnuu56BBRymV8HCPwF5U4/XRcrDBJMjicKmqdQwqUnG51kKqYQwXPG\
            55yQ/jjCpTd++/grjisuVCnlQmPZwwQ+3BptHCOqrXOpK1HbBMkQJLLKQ6UbPDp0ein2aW8RxZbsU8PjIqRwKr8IgrsBUH441IZj\
            gcxayREhcQW0JPy2AzJ/qBsDamp1KLBH7/A4UqnG1TduMfgexu5rhIz7qSYNOxFaGts/i3nX9OiXfAyIzeVhYmRaiMjsdvat2i2z\
            ux4LdIWSVxCOFLTwv+eLJrGRJ4V2uJ4GunkAwFJ6UAhzcjANAvwvoriAKb2SGQpyDDsJ5NQpVS5vJYoqs4KzF30cLt7w4/kY3pRF\
            CiCMly/c67jGYT7tRqPQkwHq/Y4bHoSiH20Eb7ZuiKG8oVHmAWIvPTZFyOPEezPI6EJYZLtqlLKVebj7qZMeFNoRXDm3t80uhloX\
            hTQupLpSfSAy/BQNViOwRFyRpUHxD3z1UyoHBWKgD5iPPzxaaFLXIhLGbfJq9arilnV3sw7VOYaN0sFZjgNXjkZ8RdlJ4Y/7NGoK\
            kiC/JcaAGN/jTFbLzTPdQhQZVCbdxf+op0ZRIQVFd68RaKAtMKs4K0vda+hGJpfihXuD3aRW8+YmWDpPWHye/5d01eOb5KpH6gcf\
            BbHCCht0hkNcLG1nKRkf7nXJLLKgTzgBO3rAe5cnBbxE/+NiO2rN9ahth8ndzsCMj/+EXcpbKtleZp5GoDEPsHW/rULdNIkOehaH\
            iMLKya+Qn+KPOgaEediVXUV9AsWwOWxR/lzip4FY0EGe6EbgDBkqBZAbWPIfCjPpdHdhQ7GOHSzTIhPExo1bzOmyGzsW312Yt7On\
            Qj0R2xf1rty0QQKw3e53jYklQNjAci8+Yz3wsakL/6YdjKYCQ/QvbCJm2RVu2bni9g/UoVtooKM8rgMnqAxLPF7MXFO43tgUBwiH\
            th47SnssJj+wTWXcZRrB/VofB9ysOOpggDY314QunSUjEy55PpV5Ml88Zfd+e8cVrKqEE8sLRdLbj1FJBax6gB4XDStgl4OTplrc\
            qKGEeBSLJjOusUGpMqaxWy3sSKIG66S8Vin6Bg/VagmAZYIRtpJ7Jy6VYXfv9MOjVbc9ZUbEfBAGNY+5SKa0IZwcdpRWRC4ZynRv\
            ds2QT+NGcqwVR4eQQxJ5Uj42zzlUfYgV5kKzU44myGm6NA8P9lBdQxa5o6iw84s1mW2LjWOMNQgGgqWHrzd8fxHI/FOsTqOgpJPp\
            7od5+iHOSLUBG8i4QmnbIN/sl6znROlSNfjkYz7lelXJRxUlkveM49TZO9bGeq6ITLKY2Xg10Ia8QEjhfdJAlfdwbo1E9WFzYlyg\
            Bfa9Lg6ZSH4VzAmP5ARjI6waofVCqwjx+btOxqFgnWCt6R1zIoGjgc4RlGWcbKMbS3E2bqKBXOnLMcvp0R34jaR2bWFByqlzaXJg\
            RXad3mhUslrwIGIeUOhmaOi7krkoNm9dZxls8XwWwkl31IoBophC8bdt8kZc4dOjhSY/MJnoZ37ev0N+bELt3DIHtSvUm+NAqaZE\
            qghBiXX80UfcicNfXxFMxYX4k09azd4n9VF2qTdr8OW3HW5yCc5WEcIGYFeGzmU+hbTkmHTzD16QaGhdyEIStcoqrHkyDxLEwN7u\
            ztZeK4SRuUdcQjrZJaVGoV+AY1QDlFkEpIMIFmKMtFUDDXxRVpN4DBws+orCIpaxQsOhTyDcz0yHXDW8eg5ucdJezS2Td5GEJhsV\
            Z+DVgA51lPmAfk2fsIPEhC993PnXiiu5BES22pGZy5pMOB1xrKbE0ZYVDgs0rmxj94pUjhvVpIeDk0Sd7aFgY4RbM1flYVcKhUFM\
            oRAm8GWstrkxhp3LuC8MVVw554IzhI9PW4nLLCzVTfmUWMWOTY1MGW4OV2SWAFk6A6WTmlRXY/P8et3/mfBjceun5Tj1IPfYlBW5\
            qdttDSY9X9BoEsPwWmwWsK4a+mmzp9AjgncZFqrCu15qy1yFyBsyNGoBmaAnLPkg5MYm5zlhZ+EMsZFRyuOgkxSD2muHwqK8xyUR\
            H5RsRo7GL70nhprXJMogkejtUdhFY2MUWj1rBg1XkMA2r9XgQZvE99NkKeMgXU6hVqZ3KlCn8+ajlPZiMZIYoziL3D+gKp01yAQa\
            ygxNHJxtlQyB5oGk1jz6Qz5sky32d/B46ps8zcQjsu3Gli42fgWD8mzHoSdS4ELy8Foz5Y0f6gKW4O9+QYYFtXE1A83D168YcYhs\
            TWuC3lI+gxOWOjiGBLeFRRb8GI+7QohC4RUuu5tum+5FQlLHlsZ2kMg7ftacJJGc4TXStA9+wgcNcV6+49HiUOxhQXYqaOriKWhR\
            yXN6tjHSAXMMYPO5NDZ194X7jZ5tZt5rIS4Fc9vUucuSGKsuY54mMFLo+t43LT5tec1VoLrFyGpsCxYW3ZZojTpG+B3Wiv9ur+6q\
            qlWmrDxMAYoJeFl0NscdyeLYbBkVODJ4+pQRA4/6a0rLNT96NyXBGH3kLTqf8IF184iQ76VNd9EbBWFVuQI5nnEJkPmLmwsh0dud\
            fIKYNSg5k8t0tl+yXSJR3tMUtQQJrBGuPnKwF6Xult8aOz62PTGuYIVgGEueUsFoDWGGH4eSkDfhGbYx5cMHp5ZSaWfLQB9NasRF\
            XNiMjOFdSg4RgRc8jQ3MzDTMC05UrBQN2zSYigsfAJibq1rzsU/inc6/faTWtAqcQ53XbQSoEFHtEYr/lzZD45r0nFVwCISk1tHH\
            m97z6ykUyaxxwE5CKhos5C1PiujAjjNmr+bxBmE9yWf41QhZv7rFc2IdjqflNMasMKtDxBoS24JVoWVwfMg3h6NbbgPprI7FNjXF\
            Wj6dCPDUtHAZozBafAQXJZZBez2mk36a77+FMcnvjepstDCyvIgN/9VfjAIc4hd8tODcKN2OVyTzKD5gXpT0Tsf5k0UGdCvjjRgx\
            WvPjmOyqZ/qHktVJhZNo+SPq2FDnoOPFQKMTKs0o2BMuZ5p17KHSpUxmpOXHGeUY0fZjBL9JizmpRkb2gek6lj18w7KITDYK2QWN\
            YuODTd1vsswEM7P0H045OldtID4hUFCgUvWc9s+DJTSXzwz2EI+OTesGo8z6BM9nyz7EmuReYouTWp3I3DNsIJhZs8T3ggRBJ2cO\
            rSWXpb0LUFKyyK5fD0lLODTu97qsn1rWdGpySg+NaRAT8RXjGreLMbN1K7K0zZ4NWxaklrBjkrS9zn5nC/y0Qz55wZY4yWkdAMwK\
            58tJ9n6Nca+JsH7ChrVGaI92imlIUTckt1Hv7hSM6cNC4s1iggtZVzj7CA80E4mYoph/axxLUkJMVgRoaSKYzJaEXJxA4bc54UyT\
            0CJHrtHYyE7xTErXSt8Bl07ZDn2xLZrZZbByEZ1AhiPTmlAo+uMyHYOUNQ3LzZnWrSmjcaRLOSvP8rt5hVKvQOy8g4808Ca53Bgz\
            OLL0Ho0TpGwUMz8dnRV9xHgGSbD+sXmww7uKEb5WBoMfrFBdV7zIHCS06wAzPh4D+lpjZiBwsp1pJRWbgc410YzPtupWS+ZWsMjQ\
            BnkbtJBXZ2W4X5acaBtu6jklg2DTHCRAyMBDwlEv2OcwwLO6OyspO11VkP61fK8g5/gFwR/ADd69Dys+uFCNeETf+uXAFmqlh90T\
            N8k8E5V3g0gB0KZojDGjXqZmGpidIHtmrhRCj4kjUFh/ntO3k6/86d/OIyVowt6sSyp09r7aj2cMN1a1HuFIs/ZMIXGds6iG57kq\
            T+Yj8/FW1UgME1IIBG2y0azsRSf4JWHs51oqIB0mZotWKWD3Zuck1e5AuXAo0xpIG/r7Eg+0SURMieVapPSAK9r378nyAzId8gI9\
            +3XimGg3ob4lhrD7gNz8i1fSz7zsM4TK/XF/LYaeTTgFRS3ApYU5XEUQCQJ1DNk7UlkLd9kI5i5KxaTjkAnRCpx5Xr077NaOqZXv\
            ynxQuvo+FIeMjksQk9owl7L5EiDCjD26mY/rzZC8+UzB0u6sUECwGo+XPLAxVNimrbigPZypOOsRNO5Jfs/cQoljnmirgWX24jRS\
            Y6jB6psCFZE8yJFIvg7jjUlRICpSx0P1R3qG1D6G9MVKSidfDfIEc0gWde60LjOPQwDdoiNoQnRqVsKPYRpA8f8Q+fKdejw6MASC\
            7WkG33zKzlrqja/fpKsYP/sy7CwpERpuDDdnIbYvwHrNZlZhOgIvVFRHNA0dxCXkFGKKdmu3n7K0gHDpXJlzOfEcMMaL7pk8WljX\
            wKewG2Gw7dmM5ezyVmSygwe7ZET801MHKBOGGJqfZ32c53JAqf/qmQPPsHRWnD84mFLHoNAzu4xF1KO8+btGp5ke0PHwgNVcMBZO\
            6iPZRL4ot6ewQy00y4kD2mafoq2EDgGxhKpSa6miMLpcU1/zT9vWvCwKs1h7pCcfmhjhvOt4NrzP6hkMRwPpQVJqG5w7A1qQCe4t\
            Vo87oGLKuoUhm3Lab+CJCm4/3uo17dVNlRPOdUBC++tGe+IphQK3ZB2wrrkDpPO1IBITZbXDk5fpOJNPDwSvrH+AVAMg8NovyaVV\
            T09FRNdaGJBziLLMUdhBRc+th+jUAa07jbjDnafoXePhGFYGvwjuLoK7yY9/WHTHBzNxgFnuj7dvbfjoiEqUb0LFNaUaKvd54b65\
            7A2EyIQIttym6hqRW8bHItLeyOztvCia9KEIgmsRLrnmYUx1H8ieh1m27ho74ZWYRzSSswcneK5hLUh/q+sUul/qxAHcBjIQi4KF\
            eKbVYBsVc7fBgOvVL4jEaPYMTmfUVGcYeQOCCsDs0QTysJnZs5E3h8FWJp3fCrQekjcKp/E1sVoOvISr/XL2uZu1FeqJDAgZUKF/\
            IaWe2zCre0Y+YBAcZTqwpnPNcI7zwwPLhVpUH/Aif2YjkFmjrvmczLtMlLO880RzXtHoHMYG4oH6E/UvnPhgVgUrDbRqQR1GDZoL\
            3HlvQkdjSpdUKEl2zp3dZVjCNnad2YCKnT8mmgG17qL8WRkKy0gV9Gg2l9NY0Bnjcubh4YlvpliZrgA76X+GtdCdLbvBZXYeNv2R\
            j6uK5WZws6pWbxAiyfvmY3vlhu3XXxlc7FTU2WKm6lpfS0LRmVh3Cuv60DraF/X3Yx0u4riBSBDFnody5x+EwUtE7gXVSMavwzWC\
            2pslty5294rsb9VxbPlH8FvGnYjc/9OTk1DfdViWSTXfs+7/rQP8VfPSiZoxXF+LIlTFR2T5sWZM74TRdi9pdU6wLj5M0uH9vlQW\
            k8dLopfiG9d4FMd2XZmCGoDmvPJwYcFV1qp0f5tfajN3Emi1BMUQS7lYF8aAwHzafNzXqrdraPSArKlgUIKphOogTrkenLEkeozS\
            sOaA/DZP4wiQUrZ9jANV8JkpswDMMEZQ9i6A9c/vw/BECEHao+KzciIpNdh3z6EC2AiZnb/IBrkd/Ko4iPAy3YnGjO4WzR9lUeha\
            XP/PFhFcORapQvLkuhPRbgYKUQyjWoMypDLmqwlXdcOwrVAH7oqLk8yXETxTD/3SHm5iUP1ByYNFqipNaWyPXnSj/uYUTR9sAIRS\
            TkHPdVPo4ks7zrwME52NUKLdsMGc8AowrkJLkQW5eV11hRTeWpg3w1buF292RXsrl2UjPLCMHD5bch13zQgo890Mwp8SlVKwgW1q\
            LVJaier4AZoaQnha4f5KFkNr+5EjWlnKGnYwxtdYo0T7Ytp1V5Dlh0Ep9irTWGN/F8PKEVTCIsOfLX4oKTg4jsEopsCKu8EIqxYq\
            PUnEN5kk9y8ONVFwFNy01vC2wlNLCeYgAwKjnpKr85TzhfJgqqtXcA+LXAd783zFRdZmiDJvWmfHElMqMsu9VCwSGSk9RxD8RWr+\
            84QKtvu/XuZJnWumWcDZ9m65OJtUcCeEq61nPh03D0YpLxELssj8Mbnokxt4PQZS9iyRkVPvy1PdHtJ2moHelBgu/LQKvbBSxH6v\
            Dey+FjVUcINE6zbuWmuqhsZs9Gy946rCchqT1J0697F2lDdf8tvadSE6NjbF1cHPucvjy1pZs+xybno+SfczpduupTnAgCPHTsBG\
            WfJ+oXavm7WQSXYUsc44EghiaKMUsHg57Z1iDekkN6aSNK5Q2taGRCpxWfp8U6JsPOqkBNxbS/zbQD+bkTzNV9fZIzdUCzYlKwl9\
            1ZRMJTGjRZyDff5s+UjQZJ+eTiUlVQPhmFQPYbxwJ/8U86gNiT8Uve5jKWd2prRJ07Bk3OJJdu0wyJ5qgvbaKFw9I4vtbJGUDkAk\
            04/awaVikbD0RbORKivQt7fVwkS6UOcMISzRvC7eJpLh4kbUKFUvDZAtKZAZGjHWu+7PWv6OVfPKKt/mF+OFj0ygowBBHcSVIg5H\
            huXkgMBvGm7Dt3ZgSkgwc9JiEhPQfn2fx4JM3JNyjdkIT0ZRhp0lXlhEjDWeCBH+uPn3wrGj6leg4JTaZweYbgwADt0SviSrciRy\
            Njb2ZjJwH9jpqsYkJSOs9aBcAR+RR30XIQYIF/IRdlOxC16Ys5o/K24ipsWIUgVdf0mVN6Dj0bU5RdpDopH5jyW9+BQClTWAxi0y\
            VkfPaClma0CwyG61xVfQgmBUKHGpSUbVFSqu00SNk+j8Ql5xk91tsX5rFHzhK4+4+YVyZ92zTiRid22NnnVl8eZp5dTBf56pB61i\
            gKobouf0vpFjHpoAt16wVSkWuRwU9rA7XIv6yXb60Un5ho2qMV2dlxZ18ZJl11dYmiLKEGe0Np3ZrX7gQtwXxMQfP2UBu5pgzaWd\
            3NvVilE8qcxdokwtpYMBPMHAiyPb6m3PwBgBUKJ23Ho4jHGpLl7PUXP9vM/mHQUnJngY/dqxia9pm4UH+AYCI7ObrBQ4bC7G0p1y\
            Y/yCjfTHSMNyTpio2pvXnM9vEbq7ojiKJhNp7fmrkMTXTJwPVC+UwDSREY2GU21KsPqGheb1S3f9QZBbYL2CJrzhRgqm4CX9wTvb\
            D4BhW2EsaXRIyRLjEmPMEiP4gsH6c5okiOCJHMgi68HtHSLJIpomHvaWH5wrUWSHwAdtdtMUgReUwkfamvNnHrss1/JDeOtbTQNR\
            JyaCa04aCiOcGoIRHTOMyYm1dh/wwDhnkIF8r7cHlu0utuY207rCPXzTchjeNBiexaUYOIqSNwWlOhllnoWqapBvQ9lNy3wbICjw\
            SajAR7EXxmEoZu/ss7+C2mx5tCzXjJbgCJlcCwFIgHkNBniv2RSphJcXcKM1hMvebPXME4RPeRQxTQTgcwZ3Zb2GJMrLcd7PKB81\
            3f1hm09qzK/xcKT+RQ+0MSeEmSVsB9tRSESBV1wfE8CsbF2amDDVA6+RR7eBLZZfPnQJ7i8EadtsIxUn8EebfmqQdEozFXXnJDt3\
            SK+JmM35XLYHUZ2Cap6PvdPIt5thcdwAj9IFw+3ugzHlYtVJU3fYEGi7qhsWR7Q2+WEbOaBQpJCMt1HtzRsWlO6qythzhtLEoFaD\
            ITbM94Uhe0pIFBoAIorJa1RPIhmUd21z1WKrRKjUZPWa6/GIr4XfyguLIpP1+bQosILXM919QEyAkiIcXm3hXc5cgSQbptmrwKWG\
            2o2cUi7OMQtS+E7wrHqRmXqf6a9mj1XmVtfhiv3JfZrSN2UlN4wDaPDgCuMXIe8ArjOanUEsHI6hUprcXrz4B5tA4qgRNtIgonHz\
            HZHalT3DtU2QTDfjuPOUU3I2TIAq59T6mMxM5M262nfaM7sr0CwoNggtJkmK+IlseDgEkbx3xDB3Gj25suCSP0JsztkPkl5+Emmh\
            lRqJUQaUR6LAAMknuVy32gIsSCe8b3ML1VN6NDeWeMmQJ0ycsnKBj/g/CgqEGK+bBQg9YG7K3PhsxabAszYmstPKgwdsKPx0+5mO\
            xVl94Hm48KD6WeNooH2rDXdso7BMO3iLnEM9niLEZNwe7o44BAfH5vSeFv1Y3YT1bBvci+oV5X23ceUvE+GSJkylibz7lIIhJinq\
            ZKrh7IeXjqR3yxTy0TA/6QLe1TxubWkYtwQNptwWHByVg0j+WWOzm2cpM8GjRBdYz7MDwtlZfCFdoaEeu1dK3OwNx1WpQDWLI98i\
            OGRL1uLhE2Zoy4eTyMJYZCmo5K0TYVaLdSZ4CafLfPRmoCPblhWGlT5Z5tHSN86mmhDowF3Qm+4+NHUuHOkzZnMGz80Z5QDYCYEO\
            3qYOa2RRi/Y6qQuyGgX+mrajoDGxTZOorrnjiw7SUaHdKKR7uQ/5JfKbMXRRjrrg7XLajOVAkyB01Zs8M2M0WRg7tVKV1p8LQtqA\
            z+YHYjK0qZO5Sah5Ede4JPFwg8vrbq7pY1k5zZ7AtcdoUhGphiRUBIFEPcHdJgvdoDwItqsGsi4rdAJXA4KxCJ+2nLCvC7mKB/8/\
            B+KIP4I7i6QhRk/l0ezRv1SB2Bpxza64Jir35tR0IsYXUdf/tQjN7ffHdKo2yCaOxKY7SMYUBmlv+PGGBipsI/2vOdViuyQW4jDJ\
            txhFLxP0r8xAi4mDg033twfYnAhJefM41hDTxEuAgDBsTBcCRvAQbhs6Zwg4zv18lcoh93CW5JrN3CoSb5Ems9BzKozyZCdbMrB0\
            1cz4g4aAPXSLTSEaJSIkvOI7vWct6VEwQqHqVOBMEVqzWdqRoldoZm6e6X31Uf9wjNWGqS4KyK66tfsN5svqZk3lk+RuEYUVz3ml\
            vwX3GelCiQkVxCfhzumfbIgwNOB7dFhuBj3CFLeKiFTHcO53OuEkOduVJ0rTQzwIcJFp8NI3hHUIfjOQVpWqPEFsc/c8/g/z/wFN\
            JO4589kBAA==
            """,
        crc: 0x39EE244D, count: 121331)

    static let gliderAllFields = Fixture(
        name: "gliderAllFields",
        base64: """
            H4sIHwDxU2UCAwgAQUIEAHd4eXpnbGlkZXIucmxlAG1hZGUgZm9yIHRoZSB0ZXN0cwD6yFP2U3DPyUxJLeJSdlYIyUhVKM5NzMlJ\
            LS5RKC5ITE4tzsgs0OOqULBVMNZRqIRQRaU5qUCWk7F+sJExV1J+kopRUr6Kcb4iFwC96D2JTQAAAA==
            """,
        crc: 0x893DE8BD, count: 77)

    static let twoMembers = Fixture(
        name: "twoMembers",
        base64: """
            H4sIAADxU2UCA1P2U3DPyUxJLeJSdlYIyUhVKM5NzMlJLS5RKC5ITE4tzsgs0OOqULBVMNZRqIRQRaU5qUCWk7F+sJExV1J+kopR\
            Ur6Kcb4iFwC96D2JTQAAAB+LCAAA8VNlAgNtV0uqFEEQ3OcpnlBLQfCJOzdewRskuBMCBEFvb3d9MiKyZ2BmunuqKn8RkTl/3769\
            ff3y8e3f/v7959fP6/L7+6cfn98jM3G/Mb/26zwB5H4vsM8xr4A4T3G/5meePX7u/HXdYO0vI8iog3E+1Lx4dE69T+DNsnt5swxz\
            sUaH7daxNPYjMPK1PnjkyUieRaiv6/exQ2boFX/eQXGjfEpWZhCgX8jULK1XWP7AtNxprDpppGKWx0WzPawyJ/EntDw5R6vlKfjt\
            +3HY83uiAGAIAGt84WYg1SJzxFQQjYxY/b8rpUBNr6N6Jz+vGq/SHZshR8NwjoIgqwNJH+s7UaynFHxYfQiohwBK1rJSsGI2Mu0T\
            DP8eaYaiDk5FsPxVrcOcqsO6CO4axuakbS2TOE1Q4w5qoxVHYcSYmZYaAJDTLgdCAec8gZYD6L5U1W47oYgDsa/uETuCgmFoi4Y5\
            lQtYmiBJJJz3mmhAoCTszKRp2oDoorAvhEQlmiKIKHoPQ5fKPFGMsxuOukKC6cKuINlMSS9NGK+o0Pmbrv2b4cvygAmM6IPTFnb0\
            XLtw45lre4po3hLkJqdsSR5TkmsaD+cDCiOr54RwjMioZEuYDDdV7deqQKN8NslDWpin7qJM2mBs38Mpag5sLChDIV6XJmS6vhME\
            qk2AeoPGcO0bR/iJxWwtf6+PNH3V9YOUQlrDq9JVXCE9v2VBYQR0+Jo36xjpYLOU3ruZZO1VLv9B93YaUnsoHrSAjFC8CPpgVWfH\
            FCfAVuaTykXNYTlMgy3UPegjJngS0gveoPfo3BDF1R48J1HpJinRCxKlMcn4pPON6r0CN+3E7cIwgQShEM5745saNUo+J+YAMrtU\
            aV6HaEZTDFkYrWmrjA5tu1AcpMNqB6UiX0BEvuh2+sdBJujTGXyQhGHNOacaSLgHcyBDZ8EUL2YEeB9bnWHAGKgghM1fFDVow172\
            4zGGok1AMt/SwEIQ5SvO4Oyi9PwX08b4lFaUu4fjoX8J9LxSiQw4Z6B11WJqhY2lRM8xfT8JVUiYIK+mrkN0+xMj6hJKqNo0BGhI\
            tGpbuy/4mVwNpwWeR6ANnZsMZT+lsjZYIRsp0YZFjFCst73IZ/VVs4s6ZxRolJMxGJa0UtAP8R+L/dd0JRAAAA==
            """,
        crc: 0x219C1810, count: 4210)

    static let macrocell = Fixture(
        name: "macrocell",
        base64: """
            H4sICADxU2UCA2dsaWRlci5tYwCL9jWKVdBIz8/JqVQw0TPS5FIOUnAy1g82MuZSdlcwNOLS01LRA2ItLS0VLhMFAzA05AIAB4uB\
            +DcAAAA=
            """,
        crc: 0xF8818B07, count: 55)

    static let pythonGzip = Fixture(
        name: "pythonGzip",
        base64: """
            H4sIAAAAAAAAA22XwcoUQQyE73mKFfooCP7izYuv4Bs0ePshIAj69u5Md6q+9LqwO7Mz6aRSqWR6/jy+Pb5++fj4u4+/fr//fJ5+\
            f/v04/NbzDnz+uZ92J+6kon/26D9jvssM+pqXp/7d9aa7ve+u/7kWq8gOUOOs34YHojK6+XBf1bcJ5oV2MbMLjesijT2pXTmyz7s\
            shiZZZQ6PO+PnbJTV/7zSsoL8QtW7iTSuHJOsrQ+0fgTpkWj6sRMEdbu4og9WmWK+EptFucFrtZVwS/sBbjzW1lkMl94uW7EyMmI\
            5shUWI3OmPivSlGoOtn1ADrcXjVepauYAdfFV0GtxFydBH2u761iepF8XH0rzfq1RaUSLaUqCalciMah/57pDMfl5SVSl1/Vqs5R\
            HdZJeNWgC2eaUuehQIs6r6S2WrMmDIK10KhBah7sjIOCo60qZj46FlXtihNYWo2OoJY+UahqAoBKvYyLbDRpKlTbSIlzcfMqFcFu\
            8OaSbkVg94XXl2YFwxBzduUogcIe5pAB5LOU0ObCrqC72SNdM2H0/MpnYxQe1zfQgcNzwY2o0dV4btiK4oO5Y40arT8S8GfeYws8\
            VjdpPTTFfkhpZD1zAj1mZYhspOl0J6f9sgpAY6SDBAt7WKA20gOmrXsBJf17HPfyBlBrJqAQrQMpd42ajYaDpCecS0ZWRBUT7bHt\
            PbaEvexHxU0jRP5tTodqJ9ep3YtlhGkzXz653Uzb3aUUfwfJWAdV7koVvE1DISYn0K1LBRqKm4Ey1pqSmkFoLhvnjhEXBnCoaJ5a\
            JhSXTPDdkL3gh/R4g7uZ2w2fwfdOFE8TK7opEQ+mdEMhTEiOCbwTOaJ1crQBqYId8jv6jUFbS1I8C3WkMzgMdgaWLQyzu8poTkjM\
            SiHlkTqw9LdJ2Ahl0D7wfNolrZB7sKNqI+mGbItIR69h7dK5k5LU2JHTwJy1JR2jZjU7DyyZCw019GRtpQILEUVstjcjB1gK8viK\
            Wa8T0HGj4kA6cMNzNAwxvcjKBjPDNhDO4iQKpUJjjGouDKfTzHUlOCGTgPY7lAWDzNBx6+htEkbDPYMA+qg2cq8leNwt+L0t8tUF\
            6uAUwvHNMaKKaDal8Jf8ht7D/7O29Vm7ZentmRPoXHnENthCVK7XlQ/xD4v913QlEAAA
            """,
        crc: 0x74D7FD8B, count: 4133)

    static let all = [gliderFixed, soupDynamic, soupStored, bigDynamic, gliderAllFields, twoMembers, macrocell, pythonGzip]

    /// The texts some fixtures hold.
    static let glider = "#N Glider\n#C The smallest spaceship.\nx = 3, y = 3, rule = B3/S23\nbob$2bo$3o!\n"
    static let macrocellText = "[M2] (golly 4.2)\n#R B3/S23\n#G 12\n.*$..*$***$\n4 0 0 0 1\n"
}
