import LifeEngine
import LifeGrid
import LifeTestSupport
import XCTest

/// Larger than Life rules with dying states (`C3` and up) against Golly: one 12 x 12 seed of
/// live and dying cells (states 1 and 2) under three rules, Moore and von Neumann, with the middle
/// counted and not, 6 and 30 states, evolved 30 generations by `bgolly -a "Larger than Life" -m 30`
/// (Golly 3.3), the results checked in as the RLE Golly wrote (cropped to their cells; Golly's
/// plane is unbounded, so the seed sits in the middle of a grid that nothing reaches in 30
/// generations, bounded or a torus alike). Only state-1 cells count; a dying cell goes to the next
/// state, the last one to 0, and is not born meanwhile.
final class LargerThanLifeStatesTests: XCTestCase {
    private struct Fixture {
        var rule: String
        var after30: String
    }

    private static let seed = "x = 12, y = 12\nA.AB..A.AA.A$...AA...AA.A$..BBA.AAA...$A.AA.A.AAAB.$.AAB.A.AB.A.$A.ABAAAAAAAA$..B..AAAAABA$AA..AA.A.AA.$B.AAAABAAAAA$..AABB..BBAB$ABAABABA.AA.$A.A..A.B.AAA!"

    private static let fixtures: [Fixture] = [
        Fixture(
            rule: "R2,C6,M1,S5..9,B6..8,NM",
            after30: """
                x = 57, y = 45, rule = R2,C6,M1,S5..9,B6..8,NM
                22.2A$21.A2B2A$20.2A3BA$20.2AD2B2A$19.A5D3A$18.B3D2.3D5A$17.C.3D3.3DA
                3BA$17.C3D4.3DA3B2A2.D2.3A$18.2D3.D.3DA.2BA3EDC2A.2A$17.A2D3.C.3D2.2D
                A5E2A2B2A2.2B$16.A3B2.C.2D.4DE5.3E2BA5CA$16.A3BE.2E.6D7.3E2A5CA$16.A
                3B3ED.3DED.2AEA4.3E.5CB$18.2ACEB4DE3.4A4.7E2.B$17.4A2C.A2DE.AD3BA5.4E
                BE3.D$17.3A4C2A2BEB3DB.D4.2E2.2D3.E$17.2A5C.A.BABD.EBA.E.3E.CD3.D$16.
                3ACD2C3A.BA2.B2A2.4E2A.2A$16.3AC2D2C4A.A.2AC5E4B.3A$16.4AED4A4.2A.2C.
                CAB.3B.6A$4.2A10.DA2E2.3A6.2A4CAB.4B3D3A$3.5A7.2A2E3.D2A7.2A3C2AB2.A
                4D6A$.3A2C3A4.3A3E4.3A7.2A4.2A2C3D.D3C3A$3A3CB2A3.A2BA3E4.4A6.3A.3C.
                3C4.CACAC3A$3ACDC3A3.A2B.3E3.A4B2A4.3A4C.2CB3.AC2E3C2A$3A3EA5.A2BDEC
                3.A3B2DB2A3.3A2CE3CAB2EABC.AE2DC2A$2.AE8.AEAD.C3.A3B2D3BA2.3AC2E2BA2.
                A.A2B2AE3C2A$3.2CD6.E3.DB3.4A2E3B3.3A3E6.2A2BAE2AB2A$17.B4.3A.2E2B6.C
                9.A.2DED2BA$12.E4.C3E5.2EB2A7.D11.D2B.A$14.EA2C6E.E4A8.E9.BDCA.A$15.
                2A2CA6E3A10.D8.2C3A$15.2AC2A.4EC17.E3.3CA$16.AB2A.D2.D12.E2.5E.AC.A$
                17.2A15.2A.E2.5E4A$34.3A.C.3E2.4A$33.3AD3.2E.D.3A$24.4A4.A.2C3D2AD$
                18.E5.A.B2A4.2A4C3A$15.E8.A2B2A5.2A3C3A$14.2A8.3D2A5.7A$13.4A2.3D2.3D
                2A8.A$13.4A9DA$14.3A7D.B$17.C5.2C!
                """),
        Fixture(
            rule: "R2,C6,M0,S3..7,B4..6,NN",
            after30: """
                x = 48, y = 47, rule = R2,C6,M0,S3..7,B4..6,NN
                22.6A$15.3A.7AB9A$12.10ABAD2AB.3A3B4A$9.5AB2A2C3A5D3A2E6B3A$7.5AC2A3D
                A3.2AC3.A.3A3D2A2B2A$6.4A4C2EA.A4.2AE2A.2A2.AB3EA2B2A$5.2A2B2DA2.AC8A
                3EA2C5AC3EAB3A$4.2A2BAD7A.2A.2A.ED3A.A.2ABA.DE2D3A$4.A2BA2E2.EA2D2C3A
                2.6ADAD2AB2A2.C2D2A$3.2A2B2ED2.2A5D2A.B7ADAD.ABA3.CD3A$3.A2B2ED3.A.3A
                .2A.2A.AE4AD2AEB3AE2.D3A$3.A2BAE3.2ABAE3A2.2A.C4A.A.2ADB2AEA.BDBA$2.
                2ABD2A3.2AB3E.3A2.2A3.A.4ADC4AC2D3A$2.A2BD.C3.3A2E2A2.2AD2A3.7A3CAEA.
                4A$2.A2BA.A3.A.3A.3A2.A4.AD2AE2.AB3C3AEC2A$.2A2BE5.EA.A.DADAD2A3.2AD
                2ACD5EA.BAE2C2A$.3A2EDA2.3A2B2ADAD3A4.A3DC.5EA.2AEBC2A$2.ACAE4A.2AB.B
                D2A.A.A4.A4DB5E.2A.2ACBA$2.ACA.2A.2ABD3A.A3.E5.3A2DCAE5A.2AEAB2A$.3AE
                3AE2AB2DCA.2AD2AD.2D4A2D4AC2.4A.EABA$.3AEA3.A.BA2D2ABE3A5EAE5A.AC2A.A
                2.AEB2A$.3AE4A.2BA4D2A.AD4EAEAE3A2.4A.DB2AED2A$.2AC2AB2A3BACDAD2AEAD
                2E3A.4EAB2CBA.D2AB.4A$.2A2C.2A.3ADAD2ABEDA.3A.D2AE3A4C4AB.2ADA$3AC2.A
                2CA4DC3A2EA.2AE2D2AB2A5CA.A.4AD2A$.2ACB.3CE8AE3A3E2A2.2ACA.2C.A.A.AE
                2AD2A$.2ACA.4A2.2A.4A.2A2.4ACACA2C2B3AC4AE3A$.3AD2A2.2A.E7A.E3A.C.2C
                3A.3A.A.AEABDABA$2.2ADA.2A.2A.5A.AE.2A2.A2CAE.2A2.2A2CA2.CD3A$2.3AD.
                2A2.2A2.2A2.2AE.A.2A2.2A2.2A.2AC3A.2D2A$2.2ABDA2.2A.A.5A.2AE.2A.2A.2A
                2.2A.A.A.ACD3A$3.AB2AE4A.2A.D.2A.2A.A2.2AD4A2.2A3BAED3A$3.2ACEBD2.A.A
                .2AD2A.3A.ACDA3D2A.2AEAB2AEABA$3.2ABAE2A2.A4BAD2AE.A.A5DA.E2A2EA.A.2A
                BA$4.3AE.4ADB.BA.2A2EAC2AD4AE2A2.3ADEAC2A$4.2AC2A3.2A.2B2ACADA3B3D2AE
                2A2.4ADEABA$4.2ACD4A.D3A.2CA.A2B.ACA3EA2.A2B2A2EB2A$5.2ACE.DABAD.A2.
                3A.AB2A4EDA.2A.3AEAB2A$5.3AC2.4A2.2AC.ACADA.EAD.AC2A.AE2.ACBA$5.2A2CB
                2.A.2A.5A4D3A4CA2.A3.AC2A$6.2A2CDAC2.2A2.A.AC2D2A.9A.2ADB2A$6.3ABADEB
                E.3A2B7A5.2A2EA2CB2A$7.2A3BD3A4.2A2EA.EA7D4B4A$8.5A2CA2D2AEDA2DABDBA
                7B4A$10.5AB2A5CA10B4A$13.14A.2AB4A$16.3A.A.4A3.3A!
                """),
        Fixture(
            rule: "R3,C30,M1,S8..20,B10..14,NM",
            after30: """
                x = 84, y = 85, rule = R3,C30,M1,S8..20,B10..14,NM
                43.2A$41.7A2C$41.2A.4A3.C$34.13A4D2.C$32.2A3.5A.3A6D2.2C5A$29.3A3.3A
                2.A.2CA.A4D.2D.4A.2A$28.2A.8A5C.A7DB2D5A.2A$27.7A.2A.A5C3A2DFD2.2DA2D
                A.5A$26.A.A3BA4D2A4C4EA3FBCDA2DADB.A.2A$26.2AB.B7DC2AC2E2B2FAC2B2FC4D
                .3A.2A$26.2AB.B7D2A6E7FCAFDADA.2CA.3A$14.4A8.5A3D2GDADA4E3G.H.AE2FAFA
                2E.E4C.A.A$13.7A6.2E3A2D4G4A2.4GEI3HEFG2F2A2EAECA.4A$12.3A.4A2E3.E.2A
                FA4GC2GAG2A2GD2HIDI2HAHGF2AI2A2E5A.2A$11.4A2C3A.E2F4.3F4GIGA8GHI3KI3A
                2JCF3EAEA2C4A$10.4AC.C2A3F2.7FCG3IH2G3MG2MA2I3K4A3J2D5E3.4A$9.3A.2C.
                2CA9FHF2E2D.IFEL2G2N4A5K2A5JD3G2EC.C.4A$9.2A.A3CAC3F.8F2E2IK2I2F6NA3.
                K4A6JG.3GA3CA2.2A$8.2A.2ACEAC11F.4I3K2F2NF4N2A2.L3N2AL.L3JDGBG2AC.C3A
                $7.4A.C3E2B4HG2F7I5K9N2ALA3N4LJL2JF.3G2A2.A2.2A$7.A.AB.C3EB3HJH.J6ILI
                K.KHK2N.5NK5A2NLILMLILFIF3G2AE.2A2.2A$7.A.4BCA4HJH3J5IL2IHKHK4N2P.6PA
                3NJK6L3I3G3E6A$7.A.4B2A4H2JG2JG6I2M2K2J3P3M7PAGOJ3O4L4I3G3E3C3A$7.A.
                2BGBA2H.H4J.JH6MG3M3P2.6P.M3PHQOK4O3L3IC.2G2EA3C2A$6.A2.2BGB2H.HJG2J.
                JH6MHMA2M2PI2P2R2PT2P2T2PQMQOK4O3LF2IDGA3EA3C2A$6.A2.3B3H.3J3L2M3O3M.
                M2AM4P5RO3UT2NQN2Q5O4LFKD.3BE.2C4A$8.2BGB4HJ.L.2LM4O2MRMAR2A3P2.R2.2U
                O2N2UOQ2S3Q4O3LFCDHBFA2CAC.C2A$5.2AB.BGB4HJ.J3L6O2L2.2S4A2T3R6UOU4S3Q
                .3O4LI3H2F3C.3A$4.A.4BGB4H4JHIOK4O6S2AP3T2R10U4S2QOK2O4LJ4HFAC5A$4.A.
                5B2A2H.2HJ2G3O2Q2M6S3A3TAJKLM3.TURUSP3S2Q3OB4JH.2H2FA2BA.A$3.A.A5B2A
                4HN2G3O2Q.N8S2AT2RTA2V2WXWT2VR2SP2S.2Q2O2A3J4H2F4B.A$3.4A.B2D2FAE2HNG
                3O4Q4S.S.U6A2V3W2XT2W2VU2S.SQN2QO2A2JH.2H3FBE2B.A$4.3A3D4FEHNH4O2QNQ
                2SU.UR5UA2VA2VAWXpAXU2WVR2US2QN2Q2O2AMA6FBE2B.A$5.2A2D4F2.2H5O2QPS4UV
                U3X2UV2pD2V3A2pA.X2W.2UPU5Q3OAN6F.BEB$7.3D.3FHNG5ONQS4U2VTR2X2SpC2VpD
                2pE2A2pB2pAX.W3UP4Q4OAN6FA4B2.A$4.C2.4DFE.HNG4OQNQ2S3UV5XSTSpD2pE2A2pE
                2pB3pA.W3UPU2Q5OAN2.2A2F2A3BA.A$4.C2.4DCE2HNF4O2Q2R2S3U5XST8pE2pBpA2X
                TW3UOUTN.4O3A.3F4D.2BA$5.C4D3G3IEA2OAOQA2Q3AXT3X.2pE.pE.6pE2V2WTW3UNU
                N2.4O2AN2AC5D4B.A$5.4D2G.G4IA2OAO3QW2AXRX3pB5pE3.5pEV4W5UT3.4OAN3D.3D
                .D2B.B$3.C.3D.3GAIAJA2L3OA2Q2A3X.2pB3pE2.pE6.2pEV4W4U2M2O.4OANDA2G3DA
                .2B.B.A$.4A3D.E2GAIAJALAL4AWA3XpB.2pB4pE.pD.pD5.pEpDWpD2W4U2MT2Q4OAN
                6G2E2.3B.A$.4AD.2DE2F3A4LN3APA5X2pBpEpA3pE.pD.pC2.pD.3pE5W2U.2M3QO.O
                2AN3GC2GCE2A3B3A$A.4A.ABE2F2A3L.2NA2PWP4X3pBpEpApE10.4pEWpD2W4UM3QO.O
                ANAGI5G2EA.B.A.A$A.2ABC.CAE2F2A2L2.4NPWP4X3pB3pE2.2pD6.4pEVpD2W4US3Q
                3OAOA2I.4G3EA2.3A$A.A2BC2.2AEK2A2L2.3N2PWP5XpBWpB3pE4.pD4.4pEVU2W.RUP
                2SNS.3O2AKJ3I2G4E2A.3A$2.AB.4CE.KA4L2NKM4P5XpBWpBpE11.pEpB2pEV3XTRUP
                4S.3OF3KJF2I.G3EC2A.2A$.A.4B2AEAKA5LNK3PRWO3XpBX2pB5pE2.2pE2.pE.2pEU
                4XVPVS.3SN3OH3KIF2I2G3E2CA.2A$.A2.3B3EAKA3L.L.K2P2RW2O3X3pB2pE.2pE.pE
                .6pE2pCpBUX.X2VP3SQN2OJ4M4IGEBE3CA.2A$.A2.3B4EKA3L.3O2P3R2N4X3pB7pE.
                4pE3pCpBUXVX2VP5QLO.4M2I3D2EA2C2A.2A$.A.2BDB4EKA4L4O2RNSR2QV2X4pB2pET
                7pE2PpCpBpAXVX3VP4QOLO.4M3I2GEBD.3A.2A$2.2BDB5EG2B3L4O2RN3T3V2U2pBX2U
                pCpDT2UpDQ2P2pAT3X4VQU3Q3O4MILI.GE2BD.D.4A$A.4B2EAE3G2C3L4ORNT.T2VSVX
                U3XUTV.U.2pDOW2OpA2X4VP4Q3O4MFELICGE2.3D4A$A.A4BEA4GC.JLHI2O4R2T5VX.
                2X3VpDSRV3W2pA.X2VP2VQUQ5O4M2ED2G2C.3D4A$2A.3B.2EG4IDJFHIJO5RTV2.2VS
                3X3VSVRV3W3X2VP2VQTQ5O2A2KJ2E.G3C.3D$2A.B.2C2AC4IJKDG2M2O3R.Q2T4VSX2V
                SVS2V.VO4WQ3VO3Q4O3A2K2JI.HC2F.3D$2A.3C2DAFG4I2KF3MLO3R.6TV.5V2TQ.SWP
                R4V2OQN5O3A2KJEI.HGF.D.2D.C$2A.AC.2D4FEI.3K3M3O4R4T.8T.T4UVROT.S2QNQ
                4OANA3JI2H3F5D.C$2A.2A2DAFA2F.CHCEK4M3O4R3TOP2T2.3T3M4U2TOTS2R.Q4OANH
                3I3H4F4D$A.3A2CDA4FAHAE2K3M4O4R14TL.NO.2T2SR.R.4OAN2A.3HF.FC4D.C$.4AC
                .2A3FA2HJAJ2KJM5ON2RNQT2NTN5T2LQ4SP2S4QO.2O2A2FGF2H2FC2F3D2.C$.A.2ABC
                .2A2D2A4H3K2MOJOPO2N4Q2N2S.NK4Q3SPS.R3Q5OAN4FHF.3F3DA.A$2.3A.2CA2D.3A
                2HA4KJMOJ2O2.4Q2O2S.ONOQ3M2.3QN2Q5OAM2A2F.C4F3D3A$3.A.B.BAC.D7A4K2MOJ
                3OQ2.Q3O2H3O7Q2NQNQO.2OLAL2C7F3A.3A$4.2AB.BC.4D.F2AI2KH4M2O2J5O3HG3O
                2QN.4Q2O.3O3L2ACAD3F2DAB.BA.A$5.3A2BC2.DE2GFA3IKH3MKI10OM3OL6Q6O2.L2A
                3C5D2B.2B3A$5.A.A2B.B.DE3FA5IHKM2KI5OI2MH3M12O2.ML.6A3D2B.B.3A$6.A.4B
                2AD2.FA5IKH4KH3O2J6MF9O3.N3.2A.A2.AD5B3A$6.2A.3B.2ADE3A3I.I4KGN5J6MGF
                7O2.N6.7AB3A.2A$8.A.3B.B2D2AHA4IKF2KIFDN4J5MFEC4OA.2N8.A2.4A3.A$8.2A.
                3B.C2.2AHAC6I.BC6J3M2JHNCB2A2N2A9.3A4.2A$10.A.3B2C.AE.EBC2D2I2HB2CD4J
                .3J4H3N4A11.4A$11.A.A4B.4EF9G3E5J2HCH4D2B3A$12.3AB.2B.3E2FG2C2B2G2EI
                2EI3JECHF4DB.4A$13.A.AB.3B.EAF7G4EI2ED2FH2F2DADB.2B.A$14.A2.B.2B2A2D.
                D4G8ED2F2.F2DAD3B2A$15.A.A5B6DE2AE2A5E4FAD.2D.BA.A$16.A.A.B.B6DAC.C3A
                4E2F.F3D4B.A$17.5A.2D2A.DA.2C2A.2ABC.C.3AB.2B.A$18.3A.4AB2.B3CA2.2A6C
                A.2BA.A$21.2A.2A5B2A4.A5C2.3BA.A$22.2A2.A2B3.2A3.A2C3.CA.4A$24.A2.13A
                C8A$25.3A3.2A.A3.9A$38.7A$39.4A!
                """),
    ]

    func testDyingStatesEvolveAsInGolly() throws {
        let seed = statesFromRLE(Self.seed)
        XCTAssertTrue(seed.joined().contains(2))
        for fixture in Self.fixtures {
            let rule = try Rule(parsing: fixture.rule)
            XCTAssertNil(rule.unsupportedReason, fixture.rule)
            let expected = statesFromRLE(fixture.after30)
            XCTAssertTrue(expected.joined().contains { $0 >= 3 }, fixture.rule)
            let side = 220
            var world = [[Int]](repeating: [Int](repeating: 0, count: side), count: side)
            for (row, line) in seed.enumerated() {
                for (col, state) in line.enumerated() { world[side / 2 + row][side / 2 + col] = state }
            }
            for topology in Topology.allCases {
                var bits = BitGrid(gridFromStates(world))
                bits.advance(generations: 30, rule: rule, topology: topology)
                XCTAssertEqual(croppedStates(cellStates(bits.grid)), expected, "\(fixture.rule), \(topology)")
                // The same in steps of one generation, counted as the daemon counts them.
                var stepped = BitGrid(gridFromStates(world))
                var census = Census(empty: 0, alive: 0, born: 0, died: 0)
                for _ in 0..<30 {
                    stepped.advance(generations: 1, rule: rule, topology: topology) { counted, _ in census = counted }
                }
                XCTAssertEqual(croppedStates(cellStates(stepped.grid)), expected, "\(fixture.rule), \(topology), stepped")
                XCTAssertEqual(census.alive + census.born, expected.joined().filter { $0 == 1 }.count, fixture.rule)
                XCTAssertEqual(census.dying, expected.joined().filter { $0 >= 2 }.count, fixture.rule)
            }
        }
    }

    func testTheGateRunsThemUpTo256States() throws {
        XCTAssertNil(try Rule(parsing: "R10,C255,M1,S2..3,B3..3,NM").unsupportedReason)
        XCTAssertNil(try Rule(parsing: "R1,C256,M1,S2..3,B3..3,NM").unsupportedReason)
    }
}
