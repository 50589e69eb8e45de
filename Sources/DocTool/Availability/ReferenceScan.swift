import PageModel

/// Reads what `swiftc -dump-ast -dump-ast-format json` prints for one module and lists every
/// declaration its code names, with the availability in force where it is named.
///
/// What the walk follows, as the compiler's availability checker does:
/// - a declaration's `@available(iOS N, macOS M, *)` raises everything inside it;
/// - `if #available(...)` raises its first branch; `guard #available(...)` the statements
///   after it in the same block;
/// - code a macro wrote (`#expect`, `@Test`, `@Observable` expansions: ranges in another
///   buffer, or a macro's `rewritten` tree) is the macro's, not the page's, and is skipped, as is
///   the iteration that `for`-`in` synthesizes (the compiler picks `next(isolation:)` only where
///   it is available).
/// Names come from `decl_usr` (calls, properties, initializers) and from the nominal types that
/// the mangled types of declarations and expressions spell (`let m: Mutex<Int>`).
struct ReferenceScan {
    private(set) var uses: [DeclarationUse] = []
    /// The module's own declarations that are available only above the target (an
    /// `@available` on them or around them), by USR: using one is checked as a toolchain
    /// declaration is, as the compiler checks it on Apple platforms.
    private(set) var declarations: [String: AvailabilityTable.Requirement] = [:]
    private let target: DeploymentTarget

    init(ast: Any, target: DeploymentTarget) {
        self.target = target
        walk(ast, context: target, offset: 0)
    }

    private static let mangledTypeKeys = ["type", "interface_type", "type_usr", "result"]
    private static let synthesizedKeys: Set<String> = ["rewritten", "next_call", "iterator_var"]

    private mutating func walk(_ value: Any, context: DeploymentTarget, offset: Int) {
        if let array = value as? [Any] {
            for element in array { walk(element, context: context, offset: offset) }
            return
        }
        guard let node = value as? [String: Any] else { return }
        var offset = offset
        if let range = node["range"] as? [String: Any] {
            if range["buffer_id"] != nil { return }
            if let start = range["start"] as? Int { offset = start }
        }
        let context = context.raised(to: Self.availableAttributes(node["attrs"]))
        if let usr = node["usr"] as? String, !usr.isEmpty, context != target, let name = Self.declaredName(node) {
            let versions = Dictionary(uniqueKeysWithValues: DeploymentTarget.Platform.allCases.map { ($0, context[platform: $0]) })
            declarations[usr] = AvailabilityTable.Requirement(name: name, versions: versions)
        }
        if let usr = node["decl_usr"] as? String, !usr.isEmpty {
            uses.append(DeclarationUse(offset: offset, usr: usr, context: context))
        }
        for key in Self.mangledTypeKeys {
            guard let mangled = node[key] as? String else { continue }
            for usr in MangledTypeNames.nominalUSRs(in: mangled) {
                uses.append(DeclarationUse(offset: offset, usr: usr, context: context, isSpelledInType: true))
            }
        }
        switch node["_kind"] as? String {
        case "brace_stmt":
            var context = context
            for element in node["elements"] as? [Any] ?? [] {
                walk(element, context: context, offset: offset)
                if let guardStatement = element as? [String: Any], guardStatement["_kind"] as? String == "guard_stmt" {
                    context = context.raised(to: Self.availableConditions(guardStatement["conditions"]))
                }
            }
            for (key, child) in node where key != "elements" { walk(child, context: context, offset: offset) }
        case "if_stmt":
            for (key, child) in node {
                walk(child, context: key == "then_stmt" ? context.raised(to: Self.availableConditions(node["conditions"])) : context, offset: offset)
            }
        default:
            for (key, child) in node where !Self.synthesizedKeys.contains(key) { walk(child, context: context, offset: offset) }
        }
    }

    /// A declaration's name as the dump prints it: `{"name": {"base_name": {"name": "start"}}}`.
    private static func declaredName(_ node: [String: Any]) -> String? {
        ((node["name"] as? [String: Any])?["base_name"] as? [String: Any])?["name"] as? String
    }

    /// `@available(iOS 18, macOS 15, *)` as the dump prints it: one `available_attr` per platform.
    private static func availableAttributes(_ attributes: Any?) -> [DeploymentTarget.Platform: PlatformVersion] {
        var versions: [DeploymentTarget.Platform: PlatformVersion] = [:]
        for case let attribute as [String: Any] in attributes as? [Any] ?? [] where attribute["_kind"] as? String == "available_attr" {
            guard let platform = (attribute["domain"] as? String).flatMap(DeploymentTarget.Platform.init(domain:)),
                let version = (attribute["introduced"] as? String).flatMap({ PlatformVersion($0) })
            else { continue }
            versions[platform] = max(versions[platform] ?? version, version)
        }
        return versions
    }

    /// The platforms an `if`'s or `guard`'s `#available(...)` conditions check.
    private static func availableConditions(_ conditions: Any?) -> [DeploymentTarget.Platform: PlatformVersion] {
        var versions: [DeploymentTarget.Platform: PlatformVersion] = [:]
        for case let condition as [String: Any] in conditions as? [Any] ?? [] where condition["_kind"] as? String == "#available" {
            for case let query as [String: Any] in condition["queries"] as? [Any] ?? [] {
                guard let platform = (query["domain"] as? String).flatMap(DeploymentTarget.Platform.init(domain:)),
                    let version = (query["version"] as? String).flatMap({ PlatformVersion($0) })
                else { continue }
                versions[platform] = max(versions[platform] ?? version, version)
            }
        }
        return versions
    }
}
