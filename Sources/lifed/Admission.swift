import CLinux
import Glibc
import LifeScheduling
import LifeSystem
import Protocol

/// Which new connections lifed serves, and what it tells the others in place of the hello:
/// `forbidden` for a peer that may not connect, `busy` when lifed already serves all the
/// clients it has room for (or, from the ``Acceptor``, when it has no descriptor left at all).
struct Admission {
    /// Who may connect besides the daemon's own user and root.
    let allowedGroup: gid_t?
    /// `--max-clients`.
    let maxClients: Int
    /// The clients served at once: `maxClients`, or fewer when the limit of open files leaves
    /// room for fewer (see ``DescriptorBudget``).
    let capacity: Int

    /// Why the new connection `fd` may not be served while `clientCount` clients are, or nil
    /// when it may.
    func refusal(of fd: Int32, clientCount: Int) -> ProtocolError? {
        var pid: UInt32 = 0
        var uid: UInt32 = 0
        var gid: UInt32 = 0
        guard clinux_peer_credentials(fd, &pid, &uid, &gid) == 0 else {
            return ProtocolError(.forbidden, "the peer's credentials cannot be read")
        }
        // The supplementary groups matter only for --allow-group: no system call otherwise.
        let groups = allowedGroup == nil || uid == getuid() || uid == 0 ? [] : PeerPolicy.peerGroups(of: fd)
        guard PeerPolicy.allows(uid: uid, gid: gid, groups: groups, ownUID: getuid(), allowedGroup: allowedGroup) else {
            return ProtocolError(.forbidden, "uid \(uid) (pid \(pid)) may not connect to this lifed")
        }
        guard clientCount < capacity else {
            guard capacity < maxClients else {
                return ProtocolError(.busy, "lifed is serving as many clients as --max-clients allows (\(maxClients)); try again later")
            }
            return ProtocolError(
                .busy,
                "lifed is serving \(capacity) clients, all that its limit of open files leaves room for (--max-clients is \(maxClients)); try again later")
        }
        return nil
    }

    /// Sends `refusal` to the new connection `fd` (best effort: one non-blocking write) and closes it.
    static func refuse(_ fd: Int32, with refusal: ProtocolError) {
        UnixSocket.sendOnce(Frame.encode(ServerMessage.error(id: nil, refusal).json), to: fd)
        try? FileDescriptor(rawValue: fd).close()
    }

    /// What a connection that comes when lifed has no descriptor left gets (through the
    /// acceptor's spare descriptor).
    static let outOfDescriptors = ProtocolError(
        .busy, "lifed has no descriptors left for another connection (its limit of open files is reached); try again later")

    /// Logs what the acceptor reports: the lines a flood repeats through `floodLog`, a few of a
    /// kind and then a count.
    static func log(_ event: Acceptor.Event, to floodLog: RateLimitedLog, _ log: Logger) {
        switch event {
        case .refused(let error):
            floodLog.log(.warning, "connections refused for want of descriptors", "out of descriptors (\(error)); answered a connection busy")
        case .paused(let error, let pause):
            let length = DurationText.format(milliseconds: DurationText.milliseconds(of: pause))
            floodLog.log(.warning, "pauses of accepting", "\(error); not accepting connections for \(length)")
        case .resumed:
            log.debug("accepting connections again")
        }
    }
}
