import LifeGrid
import XCTest

/// Every rule of Golly 3.3's pattern collection in the families lifed reads, and random MAP
/// rules, with the canonical text bgolly 3.3 writes for each (`bgolly -a ALGO -m 0 -o out.rle`
/// on a one-cell pattern with that rule; its `rule =`).
final class GollyCanonicalRuleTests: XCTestCase {
    static let collection: [(String, String)] = [
        ("/2/3", "/2/3"),
        ("012345/458/3", "012345/458/3"),
        ("01245678/3/8", "01245678/3/8"),
        ("012478/36/18", "012478/36/18"),
        ("0235678/3468/9", "0235678/3468/9"),
        ("12345/45678/8", "12345/45678/8"),
        ("124567/378/4", "124567/378/4"),
        ("2/13/21", "2/13/21"),
        ("2/234/5", "2/234/5"),
        ("234/34678/24", "234/34678/24"),
        ("2367/3457/5", "2367/3457/5"),
        ("345/2/4", "345/2/4"),
        ("345/26/5", "345/26/5"),
        ("345/3/6", "345/3/6"),
        ("3458/37/4", "3458/37/4"),
        ("45678/2478/25", "45678/2478/25"),
        ("45678/25678/4", "45678/25678/4"),
        ("B013568/S01", "B013568/S01"),
        ("B1357/S1357", "B1357/S1357"),
        ("B2-a/S12", "B2-a/S12"),
        ("B2-a5/S1e2-a35678", "B2-a5/S1e2-a35678"),
        ("B2-ac3ai/S1c2-n3-aky4a", "B2-ac3ai/S1c2-n3-aky4a"),
        ("B234", "B234/S"),
        ("B25678/S5678", "B25678/S5678"),
        ("B2aei3r4kn5jnr6k/S2ai3k4iknqr5r6ai", "B2aei3r4kn5jnr6k/S2ai3k4iknqr5r6ai"),
        ("B2ak3nr4iy/S3-nr4ent5er", "B2ak3nr4iy/S3-nr4ent5er"),
        ("B2cek3i_S12cei", "B2cek3i/S12cei"),
        ("B2ein3cijn4cnrwy5cnq6e/S1c2-ai3acny4anqy5c6ek8", "B2ein3cijn4cnrwy5cnq6e/S1c2-ai3acny4anqy5c6ek8"),
        ("B3-ej6e/S234i", "B3-ej6e/S234i"),
        ("B3/S23", "B3/S23"),
        ("B3/S45678", "B3/S45678"),
        ("B345/S5", "B345/S5"),
        ("B34568/S15678", "B34568/S15678"),
        ("B36/S23", "B36/S23"),
        ("B3678/S34678", "B3678/S34678"),
        ("B368/S245", "B368/S245"),
        ("B37/S2-i34q", "B37/S2-i34q"),
        ("B3_S23-a4ei6", "B3/S23-a4ei6"),
        ("R1,C0,M1,S1..1,B1..1,NN", "R1,C0,M1,S1..1,B1..1,NN"),
        ("R10,C0,M1,S123..212,B123..170,NM", "R10,C0,M1,S123..212,B123..170,NM"),
        ("R10,C0,M1,S154..262,B133..265,NM", "R10,C0,M1,S154..262,B133..265,NM"),
        ("R10,C255,M1,S2..3,B3..3,NM", "R10,C255,M1,S2..3,B3..3,NM"),
        ("R100,C0,M1,S10350..15740,B9350..12360,NM", "R100,C0,M1,S10350..15740,B9350..12360,NM"),
        ("R100,C0,M1,S5612..9776,B5612..7585,NN", "R100,C0,M1,S5612..9776,B5612..7585,NN"),
        ("R4,C0,M1,S24..38,B22..31,NM", "R4,C0,M1,S24..38,B22..31,NM"),
        ("R4,C0,M1,S41..81,B41..81,NM", "R4,C0,M1,S41..81,B41..81,NM"),
        ("R5,C0,M1,S34..52,B31..45,NM", "R5,C0,M1,S34..52,B31..45,NM"),
        ("R5,C0,M1,S34..58,B34..45,NM", "R5,C0,M1,S34..58,B34..45,NM"),
        ("R500,C0,M1,S256694..390374,B231893..306545,NM", "R500,C0,M1,S256694..390374,B231893..306545,NM"),
        ("R7,C0,M1,S100..200,B75..170,NM", "R7,C0,M1,S100..200,B75..170,NM"),
        ("R7,C0,M1,S65..114,B65..95,NM", "R7,C0,M1,S65..114,B65..95,NM"),
        ("R8,C0,M0,S163..223,B74..252,NM", "R8,C0,M0,S163..223,B74..252,NM"),
        ("S245/B368", "B368/S245"),
    ]

    /// 512 random bits (the first 0), written as MAP, some with Generations states.
    static let maps: [(String, String)] = [
        ("MAPY1YClcWIIKgUitNHY8nUQLbJrkA5mg0rDAOVsoAlEy5TTfn9pE6aoRO7C7ZWKSd4aQbloq58YXHwDzDZ/L6O2g", "MAPY1YClcWIIKgUitNHY8nUQLbJrkA5mg0rDAOVsoAlEy5TTfn9pE6aoRO7C7ZWKSd4aQbloq58YXHwDzDZ/L6O2g"),
        ("MAPIWU/TTmrz223gLRHF1izlDrqoC6jUWQUaBWxKFD50rYW68F1mZVZT7o7tXrwwpAlU5gnSBQUCOQ6IBJ+tXGKBg", "MAPIWU/TTmrz223gLRHF1izlDrqoC6jUWQUaBWxKFD50rYW68F1mZVZT7o7tXrwwpAlU5gnSBQUCOQ6IBJ+tXGKBg"),
        ("MAPYf2QRSgwWUr+1lpSxx/sTSo9psmuTY3Ljw+SWMLNEx45w6J9TFju/PMiGFQ7sxQgLLnlc5rdoE5sD5GHPr7pNg", "MAPYf2QRSgwWUr+1lpSxx/sTSo9psmuTY3Ljw+SWMLNEx45w6J9TFju/PMiGFQ7sxQgLLnlc5rdoE5sD5GHPr7pNg"),
        ("MAPF699cK8SWq3aUOfkZ95uEti+GR05uPX/aB/vBy8YJUxHvTyWi04L7F7mLSjIpnv05eQDWHN/TqsCcl+S6wBtvQ/5", "MAPF699cK8SWq3aUOfkZ95uEti+GR05uPX/aB/vBy8YJUxHvTyWi04L7F7mLSjIpnv05eQDWHN/TqsCcl+S6wBtvQ/5"),
        ("MAPWszTbyurcqJQndrtF03JdzkcIGFcQLMwWtpVUC1Qsjf9NyXwftwNr8FAs0taawylSFUGpXgBNZ7f4LXO3hBZiQ/6", "MAPWszTbyurcqJQndrtF03JdzkcIGFcQLMwWtpVUC1Qsjf9NyXwftwNr8FAs0taawylSFUGpXgBNZ7f4LXO3hBZiQ/6"),
        ("MAPB8++0E0opis3AeW/siRXWclADpMedrz8eoVcZeyI82jM29t7zsleaWkCZOYxjIaRYolNTl7U/6kr7Qph7mTPMw/7", "MAPB8++0E0opis3AeW/siRXWclADpMedrz8eoVcZeyI82jM29t7zsleaWkCZOYxjIaRYolNTl7U/6kr7Qph7mTPMw/7"),
    ]

    func testTheCollectionsRulesReadAndWriteAsGollyWritesThem() throws {
        for (text, golly) in Self.collection + Self.maps {
            let rule = try Rule.reading(text)
            XCTAssertEqual(rule.notation, golly, text)
            XCTAssertEqual(try Rule.reading(golly), rule, golly)
        }
    }
}
