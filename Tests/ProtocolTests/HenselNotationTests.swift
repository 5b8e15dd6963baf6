import LifeGrid
import XCTest

/// Hensel notation against Golly 3.3: the letter of every arrangement of neighbours, each letter
/// alone, and the canonical text Golly writes for random rules.
final class HenselNotationTests: XCTestCase {
    /// For each table index without the centre bit (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, … skipping the
    /// values with bit 4), the count and letter Golly gives it. Made with bgolly 3.3: for each
    /// count and letter, `B<count><letter>/S012345678` run one generation on a pattern with all
    /// 256 arrangements around dead cells (and `B/S0<count><letter>` around live ones, which
    /// gives the same letters).
    static let gollyLetters = """
        0 1c 1e 2a 1c 2c 2a 3i 1e 2a 2e 3a 2k 3n 3j 4a 1e 2k 2e 3j 2a 3n 3a 4a 2i 3r 3e 4r 3r 4i 4r 5i 1c 2c
        2k 3n 2n 3c 3q 4n 2a 3i 3j 4a 3q 4n 4w 5a 2k 3y 3k 4k 3q 4y 4q 5j 3r 4t 4j 5n 4z 5r 5q 6a 1e 2k 2i
        3r 2k 3y 3r 4t 2e 3j 3e 4r 3k 4k 4j 5n 2e 3k 3e 4j 3j 4k 4r 5n 3e 4j 4e 5c 4j 5y 5c 6c 2a 3n 3r 4i
        3q 4y 4z 5r 3a 4a 4r 5i 4q 5j 5q 6a 3j 4k 4j 5y 4w 5k 5q 6k 4r 5n 5c 6c 5q 6k 6n 7c 1c 2n 2k 3q 2c
        3c 3n 4n 2k 3q 3k 4q 3y 4y 4k 5j 2a 3q 3j 4w 3i 4n 4a 5a 3r 4z 4j 5q 4t 5r 5n 6a 2c 3c 3y 4y 3c 4c
        4y 5e 3n 4n 4k 5j 4y 5e 5k 6e 3n 4y 4k 5k 4n 5e 5j 6e 4i 5r 5y 6k 5r 6i 6k 7e 2a 3q 3r 4z 3n 4y 4i
        5r 3j 4w 4j 5q 4k 5k 5y 6k 3a 4q 4r 5q 4a 5j 5i 6a 4r 5q 5c 6n 5n 6k 6c 7c 3i 4n 4t 5r 4n 5e 5r 6i
        4a 5a 5n 6a 5j 6e 6k 7e 4a 5j 5n 6k 5a 6e 6a 7e 5i 6a 6c 7c 6a 7e 7c 8
        """

    /// Rules in Hensel notation and the canonical text bgolly 3.3 writes for them (its `-o`
    /// output's `rule =`): random letters, some negated, some with every letter.
    static let gollyCanonical: [(String, String)] = [
        ("B1ce4n5crikaeq/S458", "B14n5-jny/S458"),
        ("B2cakie3iny4-jytzwecak67c8/S01-ce5a", "B2-n3iny4inqr67c8/S05a"),
        ("B/S05-ne7c8", "B/S05-en7c8"),
        ("B1-c5kcaqijeny6-akec/S12-ik45-aqyeknir6in78", "B1e5-r6in/S12-ik45cj6in78"),
        ("B25-yneajiqk6ci8/S02c6-ki7", "B25cr6ci8/S02c6-ik7"),
        ("B2-cekain34ezqnkj5iajrkcq7e8/S01ec2eian3naircyqj5kcriq7", "B34ejknqz5-eny7e8/S012-ck3-ek5cikqr7"),
        ("B67ec8/S124wkc7", "B678/S124ckw7"),
        ("B1-ce3-jke4ewjiqtknryca7ec8/S2ikena7", "B3-ejk4-z78/S2-c7"),
        ("B1-e2-kc46-e/S1-ec3keiyrca6-cna7e8", "B1c2-ck46-e/S3-jnq6eik7e8"),
        ("B56eki7-ec8/S013riecayjk", "B56eik8/S013-nq"),
        ("B2-k3jrne4cjerzwkianqt6-ikac8/S04weinrt5iykjnc8", "B2-k3ejnr4-y6en8/S04einrtw5-aeqr8"),
        ("B1-ec2knei3ryjaeqkn8/S05ycaqk6-ke7c8", "B2-ac3-ci8/S05ackqy6-ek7c8"),
        ("B7-e/S4jwaekizry7-ec", "B7c/S4-cnqt"),
        ("B1c2inc36-cneaik8/S012-ckean3jqenkyrica7e8", "B1c2cin38/S012i37e8"),
        ("B2-ceaki3-jayenrckq7-ce/S01ce2ae4kcayjeiwtznqr5y7ec", "B2n3i/S012ae45y7"),
        ("B34aj67-c8/S01c3ekiycjn7", "B34aj67e8/S01c3-aqr7"),
        ("B8/S1-c2-e5-iqjnr7-ec8", "B8/S1e2-e5aceky8"),
        ("B1-ce4-jqzinaeywcr6ikca7-e8/S02n3karnc4nriztkwjy7e", "B4kt6-en7c8/S02n3acknr4-aceq7e"),
        ("B1c5raqe/S01ce47ce", "B1c5aeqr/S0147"),
        ("B2-aie3c4-zt/S23cjeaqyr4-ckrtyazneji5-icqany6ai7", "B2ckn3c4-tz/S23-ikn4qw5ejkr6ai7"),
        ("B1c3-qarne/S01-ce5-ryinecjqak", "B1c3cijky/S0"),
        ("B4-rteqnkwc5y8/S01c37", "B4aijyz5y8/S01c37"),
        ("B1-ec6anckei/S027e8", "B6/S027e8"),
        ("B1ce2nei4weykn5iycrakj7-ec8/S13-ncykjaeqr45-yjcqriaken67ce", "B12ein4eknwy5-enq8/S13i467"),
        ("B23q56-i7ce/S2nie7-e", "B23q56-i7/S2ein7c"),
        ("B1ec3-yjnkicqer4cq5-ya7e/S02kcneia6-ia7ec8", "B13a4cq5-ay7e/S026-ai78"),
        ("B23-aickr4ezaykinjrwctq5/S3crjnyqika8", "B23ejnqy45/S3-e8"),
        ("B1c257e/S01-e235-nqericaky8", "B1c257e/S01c235j8"),
        ("B2iencak/S014k8", "B2/S014k8"),
        ("B1-ec23678/S01-ec346", "B23678/S0346"),
        ("B1-ce25-kqeijnycr8/S34-jewcitqnarzyk", "B25a8/S3"),
        ("B1ce2e3jkacq/S3-cajinkerqy46a", "B12e3acjkq/S46a"),
        ("B12-ankie467-c/S03r5i6ne7", "B12c467e/S03r5i6en7"),
        ("B1-ce2ekncia4-jtrizewa57-c/S1-e2-akei6ik", "B24cknqy57e/S1c2cn6ik"),
        ("B1ec56n/S3jyer6-n", "B156n/S3ejry6-n"),
        ("B1c6nia/S035qa8", "B1c6ain/S035aq8"),
        ("B1c2i35iqjrkycane78/S1-e2neaikc36", "B1c2i3578/S1c236"),
        ("B345qke/S3-iay45rin8", "B345ekq/S3-aiy45inr8"),
        ("B1ec3-ejqrayc4qkireyancjw7-ce8/S3rqj57", "B13ikn4-tz8/S3jqr57"),
        ("B3ackrnyie5j/S4-tqriyazwknce5naq7ce", "B3-jq5j/S4j5anq7"),
        ("1ec2-ceank6-kna7ce/12k/26", "12i6cei7/12k/26"),
        ("03-a5aeqk68/1-ec4nikqzcryetwa67-e/11", "03-a5aekq68/4-j67c/11"),
        ("1-ec26-ke78/2anki3ncaq5iyqkrcn6anck7ce/20", "26-ek78/2-ce3acnq5-aej6-ei7/20"),
        ("1ce24ajzetricnwqy8/12ne4k7-c/19", "124-k8/12en4k7e/19"),
        ("3ic6cni78/2aiec3-ae5-ec6akc7/36", "3ci6cin78/2-kn3-ae5-ce6ack7/36"),
        ("3eny568/2/21", "3eny568/2/21"),
        ("01-ce2-ika/3-injqy5eyjkaqrin8/34", "02cen/3acekr5-c8/34"),
        ("2aci6-eiac/12456cen8/39", "2aci6kn/12456cen8/39"),
        ("4-trnqezyc/23ajinkcr4-trcjaniyqwezk7ce8/34", "4aijkw/23-eqy78/34"),
        ("25iycja/1-e6nkcai/26", "25acijy/1c6-e/26"),
        ("01ec2/5knyearqjc8/18", "012/5-i8/18"),
        ("34tcarzi5/7/13", "34acirtz5/7/13"),
        ("1-ec3qknaecy6cen/1c2c5arnjqy7/32", "3-ijr6cen/1c2c5-ceik7/32"),
        ("0678/245ykqc8/28", "0678/245ckqy8/28"),
        ("02-cine3icnjaqkry57ec8/1c2ecniak4ykzcinaq7-c/25", "02ak3-e578/1c24-ejrtw7e/25"),
        ("1-e2567/357ec/4", "1c2567/357/4"),
        ("1e2acink478/4tcyjqaz56caekn/15", "1e2-e478/4acjqtyz56-i/15"),
        ("15er67-ec/1c3kncrq8/22", "15er6/1c3cknqr8/22"),
        ("4-citknzaeyqwj57-ec/4tjqnaeiyr/15", "4r5/4-ckwz/15"),
        ("1-ec24jnkyaitqzecw8/1-ec8/32", "24-r8/8/32"),
    ]

    func testEveryArrangementHasTheLetterGollyGivesIt() {
        let labels = Self.gollyLetters.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        XCTAssertEqual(labels.count, 256)
        var label = labels.makeIterator()
        for index in 0..<512 where index & MooreTable.centre == 0 {
            let count = index.nonzeroBitCount
            let letters = HenselNotation.letters[count]
            let ours = letters.isEmpty
                ? "\(count)" : "\(count)" + String(UnicodeScalar(letters[Int(HenselNotation.letterIndex[index])]))
            XCTAssertEqual(ours, label.next(), "index \(index)")
        }
    }

    func testEachLetterAloneGivesItsArrangementsForBirthAndSurvival() throws {
        let labels = Self.gollyLetters.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        let indices = (0..<512).filter { $0 & MooreTable.centre == 0 }
        for count in 1...7 {
            for letter in HenselNotation.letters[count] {
                let name = "\(count)" + String(UnicodeScalar(letter))
                let birth = try XCTUnwrap(Rule.reading("B\(name)/S").table)
                let survival = try XCTUnwrap(Rule.reading("B/S\(name)").table)
                for (index, label) in zip(indices, labels) {
                    XCTAssertEqual(birth[index], label == name, "B\(name)/S at index \(index)")
                    XCTAssertEqual(survival[index | MooreTable.centre], label == name, "B/S\(name) at index \(index)")
                    XCTAssertFalse(birth[index | MooreTable.centre])
                    XCTAssertFalse(survival[index])
                }
            }
        }
    }

    func testCanonicalNotationIsWhatGollyWrites() throws {
        for (text, golly) in Self.gollyCanonical {
            let rule = try Rule.reading(text)
            XCTAssertEqual(rule.notation, golly, text)
            XCTAssertEqual(try Rule.reading(golly), rule, golly)
        }
    }

    func testGollysHelpExamples() throws {
        // Golly's Help, "Non-totalistic rules", and the rules.
        let examples = [
            ("B2nic/S", "B2cin/S"), ("B2ceikn/S", "B2-a/S"), ("B4-qjrtwz/S", "B4aceikny/S"), ("B2aceikn3/S", "B23/S"),
            ("B2-3/S", "B23/S"), ("B2-aceikn3/S", "B3/S"), ("B2cekin/S12", "B2-a/S12"), ("B3/2a34", "B3/S2a34"),
            ("B2-a/S12", "B2-a/S12"), ("b2-A/s12", "B2-a/S12"), ("B37/S2-i34q", "B37/S2-i34q"), ("B2c2e/S", "B2ce/S"),
            ("B2a_S3a", "B2a/S3a"), ("12/2-a", "B2-a/S12"), ("2-a/12", "B12/S2-a"), ("B3/S2aa", "B3/S2a"),
        ]
        for (text, canonical) in examples {
            XCTAssertEqual(try Rule.reading(text).notation, canonical, text)
        }
        XCTAssertEqual(try Rule.reading("B2aceikn3/S"), Rule(birth: 0b1100, survival: 0))
        if case .moore = try Rule.reading("B2-a/S12").transitions {} else { XCTFail("B2-a/S12 is not totalistic") }
    }

    func testLettersThatACountDoesNotTakeAreRefusedAsTyped() {
        let cases = [
            ("B1a/S", "'a' is not a Hensel letter for 1 neighbour; 1 takes c e"),
            ("B1A/S", "'A' is not a Hensel letter for 1 neighbour; 1 takes c e"),
            ("B5z/S", "'z' is not a Hensel letter for 5 neighbours; 5 takes c e k a i n y q j r"),
            ("B0c/S", "'c' follows 0: 0 neighbours can be placed only one way, so 0 and 8 take no letters"),
            ("B3/S8-", "'-' follows 8: 8 neighbours can be placed only one way, so 0 and 8 take no letters"),
            ("B2a-e/S", "unexpected '-'; expected neighbour counts 0 to 8, each with Hensel letters or none (such as 2-a)"),
        ]
        for (text, reason) in cases {
            XCTAssertThrowsError(try Rule.reading(text), text) { error in
                XCTAssertEqual((error as? RuleError)?.reason, reason, text)
            }
        }
    }

    func testEveryIsotropicTableRoundTripsThroughItsNotation() throws {
        var generator = SplitMix64(seed: 22)
        for _ in 0..<300 {
            var birth = HenselNotation.Sets()
            var survival = HenselNotation.Sets()
            for count in 0...8 {
                let all = HenselNotation.Sets.all(count)
                birth.sets[count] = count == 0 ? 0 : UInt16.random(in: 0...all, using: &generator)
                survival.sets[count] = UInt16.random(in: 0...all, using: &generator)
            }
            let table = HenselNotation.table(birth: birth, survival: survival)
            let rule = Rule(table: table)
            let parts = try XCTUnwrap(HenselNotation.parts(of: table))
            XCTAssertEqual(parts.birth, birth)
            XCTAssertEqual(parts.survival, survival)
            XCTAssertEqual(try Rule.reading(rule.notation), rule, rule.notation)
            XCTAssertEqual(try Rule.reading(rule.notation.lowercased()), rule, rule.notation)
        }
    }

    func testLongRulesReadInLinearTime() throws {
        let text = "B" + String(repeating: "2-a", count: 100_000) + "/S" + String(repeating: "3", count: 100_000)
        let clock = ContinuousClock()
        let elapsed = try clock.measure { XCTAssertEqual(try Rule.reading(text).notation, "B2-a/S3") }
        XCTAssertLessThan(elapsed, .seconds(5))
    }
}
