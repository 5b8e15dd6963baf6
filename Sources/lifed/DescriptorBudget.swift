import LifeSystem

/// lifed's clients within its limit of open files (`RLIMIT_NOFILE`).
///
/// Each client is one descriptor. At start-up lifed raises its soft limit so that
/// `--max-clients` clients and its own descriptors fit, as far as the hard limit allows; when
/// they still do not fit, it serves fewer clients, and says so, rather than find out through
/// failing `accept`s, or through a save that cannot open its file.
enum DescriptorBudget {
    /// Descriptors lifed keeps for itself besides one per client: standard input, output and
    /// error, the epoll, eventfd and signalfd descriptors, the listening socket, the acceptor's
    /// spare, the state folder's lock and files (more while saving), a fetch helper's pipes and
    /// process descriptor, and room to answer a connection `busy`. About a dozen are in use on
    /// a quiet day; the rest is headroom.
    static let reserved = 32

    /// Raises the soft limit of open files toward the hard one so that `maxClients` clients and
    /// ``reserved`` fit, logs what it got, and returns how many clients lifed serves at once:
    /// `maxClients`, or fewer, with a warning, when the limit leaves room for fewer.
    static func prepare(maxClients: Int, log: Logger) -> Int {
        let needed = maxClients + reserved
        guard var limit = DescriptorLimit.current() else {
            log.warning("cannot read the limit of open files: \(SystemError("getrlimit RLIMIT_NOFILE"))")
            return maxClients
        }
        if let raised = limit.raisedSoftLimit(toFit: needed) {
            do {
                try DescriptorLimit.setSoftLimit(raised)
                log.info(
                    "raised the soft limit of open files from \(limit.soft) to \(raised) (hard limit \(text(limit.hard))) for --max-clients \(maxClients)")
                limit.soft = raised
            } catch {
                log.warning("cannot raise the soft limit of open files from \(limit.soft) to \(raised): \(error)")
            }
        } else {
            log.debug("the limit of open files is \(text(limit.soft)) (hard limit \(text(limit.hard))); --max-clients \(maxClients) needs \(needed)")
        }
        let capacity = min(maxClients, max(1, limit.soft - reserved))
        if capacity < maxClients {
            log.warning(
                "--max-clients \(maxClients) does not fit in the limit of \(limit.soft) open files (hard limit \(text(limit.hard))): "
                    + "lifed keeps \(reserved) descriptors besides its clients, so it serves at most \(capacity) clients; "
                    + "raise the limit (LimitNOFILE= in a systemd unit, ulimit -n in a shell) or lower --max-clients")
        }
        return capacity
    }

    private static func text(_ limit: Int) -> String { limit == Int.max ? "unlimited" : "\(limit)" }
}
