import LifeJSON
import LifePatterns

/// The name of every action, as the wire's `type` spells it: the one list of them. Each has one
/// declaration, its ``spec`` below (as a tmux command has its `cmd_entry`): how its parameters are
/// read and written, whether only the daemon makes it, and when the state refuses it.
///
/// Clients may send those that are not ``isInternal``; the daemon makes the internal ones
/// itself (a fetch's outcome, a jump's progress and end) and keeps them in its journal.
public enum ActionType: String, CaseIterable, Sendable {
    case gridStep = "grid.step"
    case gridCancelJump = "grid.cancelJump"
    case gridSetCells = "grid.setCells"
    case gridPaste = "grid.paste"
    case gridClearRect = "grid.clearRect"
    case gridTransformRect = "grid.transformRect"
    case simulationTick = "simulation.tick"
    case simulationStartTimer = "simulation.startTimer"
    case simulationStopTimer = "simulation.stopTimer"
    case simulationResetGridToEmpty = "simulation.resetGridToEmpty"
    case simulationResetGridToRandom = "simulation.resetGridToRandom"
    case simulationReset = "simulation.reset"
    case simulationSetGrid = "simulation.setGrid"
    case statisticsReset = "statistics.reset"
    case settingsUpdate = "settings.update"
    case settingsReset = "settings.reset"
    case settingsToggleAutoStop = "settings.toggleAutoStop"
    case configurationsFetch = "configurations.fetch"
    case configurationsCancelFetch = "configurations.cancelFetch"
    case configurationsClear = "configurations.clear"
    case configurationsAdd = "configurations.add"
    case configurationsLoad = "configurations.load"
    case configurationsRemove = "configurations.remove"
    case storageAcknowledgeRecovery = "storage.acknowledgeRecovery"
    case historyUndo = "history.undo"
    case historyRedo = "history.redo"
    case historyRewind = "history.rewind"
    case gridJumpProgress = "grid.jumpProgress"
    case gridJumpFinished = "grid.jumpFinished"
    case configurationsFetchResponse = "configurations.fetchResponse"

    /// The action's declaration: the one place that says what it takes and when it is refused.
    /// The store's guard, the codec, the clients' key bar and words, and PROTOCOL.md's table of
    /// actions (checked by a test) all read it.
    public var spec: ActionSpec {
        switch self {
        case .gridStep:
            // A step that would start a jump (more generations than one action computes at once
            // on this grid) is refused while the timer runs: the jump reducer checks that part.
            return ActionSpec(requires: [.noJump, .timerStoppedToJump]) { _, fields throws(ProtocolError) in
                try fields.only(["generations"])
                return .simulation(.grid(.step(generations: try fields.int("generations", in: GridAction.generationsRange, default: 1))))
            } encode: { action in
                guard case .simulation(.grid(.step(let generations))) = action, generations != 1 else { return [:] }
                return ["generations": .int(generations)]
            }
        case .gridCancelJump: return .plain(.simulation(.grid(.cancelJump)))
        case .gridSetCells: return .edit
        case .gridPaste: return .edit
        case .gridClearRect: return .edit
        case .gridTransformRect: return .edit
        case .simulationTick: return .plain(.simulation(.tick), requires: .noJump)
        case .simulationStartTimer:
            return .plain(.simulation(.startTimer), requires: [.timerStopped, .noJump], timerWords: "the timer is already running")
        case .simulationStopTimer: return .plain(.simulation(.stopTimer), requires: .timerRunning, timerWords: "the timer is not running")
        case .simulationResetGridToEmpty: return .plain(.simulation(.resetGridToEmpty), requires: [.timerStopped, .noJump])
        case .simulationResetGridToRandom: return .plain(.simulation(.resetGridToRandom), requires: [.timerStopped, .noJump])
        case .simulationReset: return .plain(.simulation(.reset), requires: .timerStopped)
        case .simulationSetGrid:
            return ActionSpec(requires: [.timerStopped, .noJump]) { _, fields throws(ProtocolError) in
                try fields.only(["rows", "cols", "cells", "rle", "rule", "topology", "keep"])
                return .simulation(.setGrid(try GridReplacement(fields: fields)))
            } encode: { action in
                guard case .simulation(.setGrid(let replacement)) = action else { return [:] }
                return replacement.members
            }
        case .statisticsReset: return .plain(.statistics(.reset))
        case .settingsUpdate:
            // The settings reducer refuses a change of the world's fields while the timer or a jump runs.
            return ActionSpec(requires: .worldFieldsIdle) { _, fields throws(ProtocolError) in
                .settings(.update(try SettingsUpdate(fields: fields)))
            } encode: { action in
                guard case .settings(.update(let update)) = action else { return [:] }
                return update.json.objectValue ?? [:]
            }
        case .settingsReset: return .plain(.settings(.reset), requires: [.timerStopped, .noJump])
        case .settingsToggleAutoStop: return .plain(.settings(.toggleAutoStop))
        case .configurationsFetch:
            return ActionSpec { _, fields throws(ProtocolError) in
                try fields.only(["url"])
                return .configurations(.fetch(url: try fields.optionalString("url")))
            } encode: { action in
                guard case .configurations(.fetch(let url?)) = action else { return [:] }
                return ["url": .string(url)]
            }
        case .configurationsCancelFetch: return .plain(.configurations(.cancelFetch))
        case .configurationsClear: return .plain(.configurations(.clear))
        case .configurationsAdd:
            return ActionSpec { _, fields throws(ProtocolError) in
                try fields.only(["title", "rle", "contents"])
                return .configurations(.add(try Configuration(addFields: fields)))
            } encode: { action in
                guard case .configurations(.add(let configuration)) = action else { return [:] }
                return ["title": .string(configuration.title), "rle": .string(configuration.rle)]
            }
        case .configurationsLoad:
            return ActionSpec(requires: [.timerStopped, .noJump]) { _, fields throws(ProtocolError) in
                try fields.only(["title", "index", "resize"])
                let resize = try fields.bool("resize", default: false)
                return .configurations(.load(try ConfigurationSelector(fields: fields, for: "configurations.load"), resize: resize))
            } encode: { action in
                guard case .configurations(.load(let selector, let resize)) = action else { return [:] }
                return resize ? selector.members.merging(["resize": true]) { $1 } : selector.members
            }
        case .configurationsRemove:
            return ActionSpec { _, fields throws(ProtocolError) in
                try fields.only(["title", "index"])
                return .configurations(.remove(try ConfigurationSelector(fields: fields, for: "configurations.remove")))
            } encode: { action in
                guard case .configurations(.remove(let selector)) = action else { return [:] }
                return selector.members
            }
        case .storageAcknowledgeRecovery:
            // The daemon's own, not the world's: it changes no state and so no version.
            return .plain(.storage(.acknowledgeRecovery))
        case .historyUndo, .historyRedo:
            // Both stop a running timer first; nothing to undo or redo is the history reducer's refusal.
            return ActionSpec(requires: .noJump) { type, fields throws(ProtocolError) in
                try fields.only(["count"])
                let count = try fields.int("count", in: HistoryAction.countRange, default: 1)
                return .history(type == .historyUndo ? .undo(count: count) : .redo(count: count))
            } encode: { action in
                switch action {
                case .history(.undo(let count)) where count != 1, .history(.redo(let count)) where count != 1: return ["count": .int(count)]
                default: return [:]
                }
            }
        case .historyRewind: return .plain(.history(.rewind), requires: .noJump)
        case .gridJumpProgress, .gridJumpFinished, .configurationsFetchResponse:
            // Made by the daemon's effects; the journal reads and writes them itself.
            return .internal
        }
    }

    /// Whether only the daemon itself makes this action.
    public var isInternal: Bool { spec.isInternal }

    /// The actions clients may send, in the order the docs list them.
    public static let clientTypes: [ActionType] = allCases.filter { !$0.isInternal }

    /// The wire name.
    public var name: String { rawValue }
}

extension ActionSpec {
    /// An action without parameters that clients send: `action` itself.
    static func plain(_ action: AppAction, requires: Preconditions = [], timerWords: String? = nil) -> ActionSpec {
        ActionSpec(requires: requires, timerWords: timerWords, codec: .plain(action))
    }

    /// An edit of the grid's cells (``GridEdit``): refused while a jump runs (allowed while the
    /// timer runs); its cells must lie inside the grid.
    static var edit: ActionSpec {
        ActionSpec(requires: [.noJump, .insideGrid]) { type, fields throws(ProtocolError) in
            .simulation(.grid(.edit(try GridEdit(type: type, fields: fields))))
        } encode: { action in
            guard case .simulation(.grid(.edit(let edit))) = action else { return [:] }
            return edit.members
        }
    }

    /// An action only the daemon makes: no client may send it.
    static var `internal`: ActionSpec { ActionSpec(requires: [], codec: .internal) }
}

extension JSONFields {
    /// Refuses any member but `type` and `names`.
    func only(_ names: Set<String>) throws(ProtocolError) { try rejectUnknown(names.union(["type"])) }
}
