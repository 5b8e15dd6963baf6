import LifeClient
import LifeJSON
import LifeSystem
import Protocol

/// `configs show NAME|INDEX`: one pattern of the list as an RLE file (`#N` and its title, then
/// the RLE the daemon keeps), from a `configurations.read` request. Starts lifed on demand, as
/// every `configs` subcommand does (``configsCommand``).
let configsShowCommand = ConfigsSubcommand(name: "show") { rest throws(UsageError) in
    try expectCount(rest, 1...1, "configs show")
    let selector: ConfigurationSelector = Int(rest[0]).map { .index($0) } ?? .title(rest[0])
    let said = Said("configs show").with(pointer: Int(rest[0]) == nil ? "/title" : "/index", "NAME|INDEX", rest[0])
    return { session throws(Connection.Failure) in
        let reply = try session.request(.readConfiguration(selector))
        return session.report(reply, said: said) {
            guard case .configuration(_, _, _, let configuration) = reply else { return nil }
            return showConfiguration(configuration)
        }
    }
}

/// A configuration from `configurations.read` as an RLE file: `#N` and its title (when it has
/// one), then its RLE, without the final newline (`print` adds it).
func showConfiguration(_ configuration: JSON) -> String {
    let rle = configuration["rle"]?.stringValue ?? ""
    let title = (configuration["title"]?.stringValue ?? "").split(whereSeparator: \.isNewline).joined(separator: " ")
    let text = (title.isEmpty ? "" : "#N \(title)\n") + rle
    return text.hasSuffix("\n") ? String(text.dropLast()) : text
}
