import Foundation
import PageModel

/// The availability table of the toolchain's modules that the pages name, one
/// `swift-symbolgraph-extract` per module, cached per module and compiler.
enum SymbolGraphTable {
    static func table(for modules: Set<String>, toolchain: Toolchain, cache: AvailabilityCache) throws(ToolError) -> AvailabilityTable {
        let names = modules.filter(isModuleName).sorted()
        let keys = names.map { AvailabilityCache.key(["symbol graph 1", toolchain.version, toolchain.triple, $0]) }
        var tables: [AvailabilityTable?] = keys.map { cache.table(forKey: $0) }
        let missing = tables.indices.filter { tables[$0] == nil }
        let extracted = missing.map { names[$0] }.waitingMap(width: ProcessInfo.processInfo.activeProcessorCount) { name in
            Result { () throws(ToolError) in try extract(name, toolchain: toolchain) }
        }
        for (index, result) in zip(missing, extracted) {
            switch result {
            case .success(let table):
                // A module the extractor cannot load here declares nothing to check: kept as empty.
                tables[index] = table ?? AvailabilityTable()
                cache.store(tables[index]!, forKey: keys[index])
            case .failure(let error): throw error
            }
        }
        var table = AvailabilityTable()
        for part in tables.compactMap({ $0 }) { table.merge(part) }
        return table
    }

    /// The module's table, from every symbol graph file the extractor writes for it (its own
    /// and its extensions of other modules'); nil when the extractor cannot load the module.
    private static func extract(_ module: String, toolchain: Toolchain) throws(ToolError) -> AvailabilityTable? {
        let folder = FileManager.default.temporaryDirectory.appending(path: "docgen-symbols-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appending(path: "graphs")
        do {
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        } catch {
            throw ToolError.wrapping(error, writing: output.path)
        }
        let status = try Toolchain.run(
            toolchain.symbolGraphExtract + ["-module-name", module, "-minimum-access-level", "public", "-output-dir", output.path]
                + toolchain.platformArguments, log: folder.appending(path: "log")).status
        guard status == 0, let files = try? FileManager.default.contentsOfDirectory(atPath: output.path) else { return nil }
        var table = AvailabilityTable()
        for file in files.sorted() where file.hasSuffix(".symbols.json") {
            guard let data = FileManager.default.contents(atPath: output.appending(path: file).path), let part = AvailabilityTable(symbolGraph: data) else { continue }
            table.merge(part)
        }
        return table
    }

    private static func isModuleName(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } && name.first.map { !$0.isNumber } == true
    }
}
