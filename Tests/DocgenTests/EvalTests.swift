@testable import DocTool
import Foundation
import Testing

/// Issue 14, part 7: the skill's evals, in the repository and as the bundle ships them.
@Suite("Evals: evals.json, the output evals, and what the bundle ships of them")
struct EvalTests {
    static let evals = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "evals")

    @Test("evals.json has 20 or more trigger queries, 8 or more that must not trigger, and 3 or more output evals")
    func evalsJSON() throws {
        let data = try #require(FileManager.default.contents(atPath: Self.evals.appending(path: "evals.json").path))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["skill_name"] as? String == AgentSkill.name)
        let queries = json["trigger_queries"] as? [[String: Any]] ?? []
        #expect(queries.count >= 20)
        #expect(queries.filter { $0["should_trigger"] as? Bool == false }.count >= 8)
        let outputs = json["evals"] as? [[String: Any]] ?? []
        #expect(outputs.count >= 3)
        for eval in outputs {
            let name = try #require(eval["name"] as? String)
            #expect(eval["id"] is Int && eval["prompt"] is String)
            for part in ["task.md", "start/Package.swift", "reference/Package.swift", "outcome-tests"] {
                #expect(FileManager.default.fileExists(atPath: Self.evals.appending(path: "\(name)/\(part)").path), "evals/\(name)/\(part) is missing")
            }
        }
    }

    @Test("The bundle ships evals.json, each task and starting package, never outcome tests or reference solutions")
    func shippedFiles() throws {
        #expect(EvalFiles.isShipped("evals.json"))
        #expect(EvalFiles.isShipped("share-refresh/task.md"))
        #expect(EvalFiles.isShipped("share-refresh/start/Sources/App/CatalogFeature.swift"))
        #expect(!EvalFiles.isShipped("share-refresh/outcome-tests/OutcomeTests.swift"))
        #expect(!EvalFiles.isShipped("share-refresh/reference/Sources/App/CatalogFeature.swift"))
        #expect(!EvalFiles.isShipped("share-refresh/start/.build/debug/App.swiftmodule"))
        #expect(!EvalFiles.isShipped("share-refresh/reference/task.md"))
        let shipped = try EvalFiles.files(packageRoot: Self.evals.deletingLastPathComponent()).map(\.path)
        #expect(shipped.contains("cfa-ios/evals/evals.json"))
        #expect(shipped.contains("cfa-ios/evals/durable-save/start/Package.swift"))
        #expect(!shipped.contains { $0.contains("outcome-tests") || $0.contains("/reference/") })
    }
}
