import LifeScheduling
import Protocol

/// The status line: ticks, running or stopped, the generations computed, a jump's progress
/// while one runs, the interval, the zoom (when not the plain view), the population, whether
/// the world still changes, and `autostop off` when the timer will not stop itself, e.g.
/// `ticks 12 · running · gen 12 · every 250ms · population 31 · evolving`, or
/// `ticks 0 · stopped · gen 400 · jump 45.2% · 450000/1000000 · 3120 gen/s · 2m57s left · …`.
///
/// `ticks` counts the timer's ticks only (`lifectl step 400` leaves it at 0), so the line also
/// shows `gen`: the state's one count of generations, `/statistics/steps`, which every
/// generation a tick, `n`, a step or a jump computes adds to (it restarts at 0 only when the
/// statistics are reset, not when the grid is replaced).
public enum StatusLine {
    /// One part of the line and how it is drawn.
    public struct Segment: Hashable, Sendable {
        /// The words.
        public var text: String
        /// Their style.
        public var style: Style
        /// How long it stays on a line too narrow for all: the lowest rank goes first (the
        /// later of equals first), so that running or stopped, the generations, the population
        /// and whether the world still changes outlast the ticks, the interval and the zoom.
        public var rank: Int

        /// A segment.
        public init(_ text: String, style: Style = .plain, rank: Int = 5) {
            self.text = text
            self.style = style
            self.rank = rank
        }
    }

    /// What goes between segments.
    public static let separator = " · "

    /// The segments for `world`. Why the timer last stopped itself (`stoppedBecause`), while it
    /// is stopped, and what `u` would undo come last, and a narrow line drops them first
    /// (``fitted(_:width:)``).
    /// `jump` measures the rate of the jump in flight, when there is one; without it only the
    /// share done shows.
    /// With `keyHints` (the live view, not a plain-text report), what `u` would undo ends the line.
    public static func segments(
        for world: WorldView, jump meter: JumpProgressMeter? = nil, zoom: GridZoom? = nil, keyHints: Bool = false
    ) -> [Segment] {
        var segments = [
            Segment("ticks \(world.ticks)", rank: 3),
            world.isRunning
                ? Segment("running", style: Style(foreground: .rgb(80, 220, 100), bold: true), rank: 10)
                : Segment("stopped", style: Style(foreground: .rgb(240, 190, 60), bold: true), rank: 10),
            // Stepping shows here: ticks count only the timer's.
            Segment("gen \(world.statistics.steps)", rank: 9),
        ]
        // A tick computed in the background is the timer's work, shown by its rate, not a jump.
        if let jump = world.jump, !jump.isTick {
            var measured = JumpProgressMeter()
            if let meter, let seen = meter.jump, seen.isSameJump(as: jump) {
                measured = meter
            } else {
                // Not measured: the share done, without a rate.
                measured.observe(jump, seconds: 0, wallClockMs: 0)
            }
            segments.append(Segment("jump \(measured.summary)", style: Style(foreground: .rgb(90, 180, 255), bold: true), rank: 8))
        }
        segments.append(Segment("every \(DurationText.format(milliseconds: world.intervalMs))", rank: 4))
        if world.generationsPerTick != 1 { segments.append(Segment("step \(world.generationsPerTick)", rank: 5)) }
        if world.isRunning, let rate = meter?.timer.summary { segments.append(Segment(rate, rank: 6)) }
        if let zoom { segments.append(Segment("zoom \(zoom.label)", rank: 4)) }
        // A window the daemon sent without the whole grid's count: no number rather than a wrong one.
        if let population = world.population { segments.append(Segment("population \(population)", rank: 7)) }
        segments.append(Segment(settling(world), rank: 7))
        if world.autoStop == false { segments.append(Segment("autostop off", rank: 2)) }
        if !world.isRunning, let reason = world.stoppedBecause, !reason.isEmpty {
            segments.append(Segment("stopped because \(reason)", style: Style(dim: true), rank: 1))
        }
        // What u would undo comes last, and goes first from a narrow line.
        if keyHints, let undo = world.nextUndo { segments.append(Segment("u undoes \(undo)", style: Style(dim: true), rank: 0)) }
        return segments
    }

    /// The segments that fit in `width` columns with separators between them, in their order:
    /// the lowest ranked leave first (the later of equals first) until the rest fit. The last one
    /// left is kept even when it does not fit (the line then cuts it).
    public static func fitted(_ segments: [Segment], width: Int) -> [Segment] {
        var kept = segments
        func lineWidth() -> Int {
            kept.reduce(0) { $0 + TextWidth.of($1.text) } + max(0, kept.count - 1) * TextWidth.of(separator)
        }
        while kept.count > 1, lineWidth() > width {
            guard let lowest = kept.indices.min(by: { kept[$0].rank < kept[$1].rank || (kept[$0].rank == kept[$1].rank && $0 > $1) }) else { break }
            kept.remove(at: lowest)
        }
        return kept
    }

    /// The settling status in words: `evolving`, `extinct`, `still`, `oscillating (period 2)`.
    public static func settling(_ world: WorldView) -> String {
        if world.settling == "oscillating", let period = world.period { return "oscillating (period \(period))" }
        return world.settling.isEmpty ? "evolving" : world.settling
    }

    /// The line as plain text.
    public static func text(for world: WorldView, jump meter: JumpProgressMeter? = nil) -> String {
        segments(for: world, jump: meter).map(\.text).joined(separator: separator)
    }

    /// Draws the line for `world` into `row` of `buffer` from `col`, at most `width` columns;
    /// `faded` draws it as a stale view.
    public static func draw(
        _ world: WorldView, jump meter: JumpProgressMeter? = nil, zoom: GridZoom? = nil, into buffer: inout ScreenBuffer, row: Int,
        col: Int, width: Int, faded: Bool
    ) {
        var used = 0
        let segments = fitted(segments(for: world, jump: meter, zoom: zoom, keyHints: true), width: width)
        for (index, segment) in segments.enumerated() {
            let style = faded ? segment.style.faded : segment.style
            if index > 0 {
                used += buffer.write(separator, row: row, col: col + used, style: faded ? Style.plain.faded : .plain, maxWidth: width - used)
            }
            let room = width - used
            guard room > 0 else { return }
            let text = TextWidth.truncate(segment.text, to: room)
            used += buffer.write(text, row: row, col: col + used, style: style, maxWidth: room)
        }
    }
}
