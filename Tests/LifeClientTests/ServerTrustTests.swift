import Glibc
import XCTest

@testable import LifeClient

/// The rule by which a client trusts the uid that serves a socket (``ServerTrust``).
final class ServerTrustRuleTests: XCTestCase {
    private typealias Facts = ServerTrust.FolderFacts
    private let rootsRun = Facts(isFolder: true, owner: 0, mode: 0o755)
    private let lifedsFolder = Facts(isFolder: true, owner: 991, mode: 0o755)

    func testOurOwnUIDAndRootAreTrustedWhateverTheFolder() {
        let anything = Facts(isFolder: true, owner: 4242, mode: 0o1777)
        XCTAssertNil(ServerTrust.refusal(server: 1000, client: 1000, folder: anything, parent: anything))
        XCTAssertNil(ServerTrust.refusal(server: 0, client: 1000, folder: nil, parent: nil))
    }

    func testAUIDRootMadeAFolderForIsTrusted() {
        // /run/lifed of lifed's in /run of root's: the system-wide install.
        XCTAssertNil(ServerTrust.refusal(server: 991, client: 0, folder: lifedsFolder, parent: rootsRun))
        XCTAssertNil(ServerTrust.refusal(server: 991, client: 1000, folder: Facts(isFolder: true, owner: 991, mode: 0o700), parent: rootsRun))
    }

    func testEverythingElseIsRefused() {
        let tmp = Facts(isFolder: true, owner: 0, mode: 0o1777)
        let cases: [(Facts?, Facts?, String)] = [
            (lifedsFolder, tmp, "the socket's folder was not made by root"),  // a folder anyone could make
            (lifedsFolder, Facts(isFolder: true, owner: 1000, mode: 0o755), "the socket's folder was not made by root"),
            (lifedsFolder, Facts(isFolder: true, owner: 0, mode: 0o775), "the socket's folder was not made by root"),
            (lifedsFolder, nil, "the socket's folder was not made by root"),
            (Facts(isFolder: true, owner: 1000, mode: 0o755), rootsRun, "does not own the socket's folder"),
            (Facts(isFolder: true, owner: 991, mode: 0o777), rootsRun, "the socket's folder is open to others' writes"),
            (Facts(isFolder: false, owner: 991, mode: 0o755), rootsRun, "the socket's folder is open to others' writes"),
            (nil, rootsRun, "its folder cannot be examined"),
        ]
        for (folder, parent, reason) in cases {
            let refusal = ServerTrust.refusal(server: 991, client: 0, folder: folder, parent: parent)
            XCTAssertTrue(refusal?.contains(reason) == true, "\(String(describing: folder)) in \(String(describing: parent)): \(String(describing: refusal))")
        }
    }
}
