/// The toolkit's version: the one place it is written. The manifest, SKILL.md's `metadata`,
/// the plugin manifests and the install ledger read it from here; CHANGELOG.md's newest entry
/// must name it (a test checks both).
package enum BundleVersion {
    package static let current = "0.2.0"
}
