import Protocol

/// The daemon's replies to the requests keys made (see ``RequestsInFlight``).
extension WatchUI {
    /// Takes in `reply`, the answer to a request sent for `purpose` (nil: one whose purpose is
    /// not known, or none); returns what else should happen. A refusal is flashed, in
    /// lifewatch's words for an action a key sent (``RefusalWords``); where the live cells are
    /// moves the view; a configuration read for a paste is pasted. An `ack` needs nothing: the
    /// change shows when its diff comes.
    public mutating func handle(reply: ServerMessage, to purpose: RequestsInFlight.Purpose?, context: Context) -> [WatchCommand] {
        switch (reply, purpose) {
        case (.error(_, let code, let message, let details), let purpose):
            var words = message.isEmpty ? "the daemon refused" : message
            if case .dispatch(let action)? = purpose {
                words = RefusalWords.text(action: action, code: code, message: message, details: details, world: context.world)
            }
            showError(words, now: context.now, facts: context.facts)
            return []
        case (.status(_, let info), .liveCells(let intent)?):
            liveCellsFound(LiveCells(status: info), for: intent, context: context)
            return []
        case (.configuration(_, _, _, let configuration), .paste(_, let title, let cell)?):
            switch Self.pasteAction(configuration: configuration, expectedTitle: title, at: cell) {
            case .success(let action):
                return [.dispatch(action)]
            case .failure(let error):
                showError(error.message, now: context.now)
                return []
            }
        default:
            return []
        }
    }

    /// The connection is gone: a stroke in progress sends nothing more, and the cells of
    /// strokes not sent yet are dropped (they would go to a state the watcher no longer knows).
    public mutating func connectionLost() {
        stroke = nil
        strokesToSend.removeAll()
    }

    /// Forgets a flash whose time is over at `now` (one still showing stays).
    public mutating func expireFlash(at now: Duration) {
        if let flash, !flash.isVisible(at: now) { self.flash = nil }
    }
}
