/// "1 cell", "2 cells": a count with its noun, plural (with an s) unless the count is 1. lifectl's
/// one way of saying how many.
func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
