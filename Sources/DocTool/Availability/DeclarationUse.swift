import PageModel

/// A place where a module's own code names a declaration: the declaration's USR, where the
/// name is written (a UTF-8 offset in the module's source file) and what the code there is
/// compiled for (the deployment target, raised by the `@available` declarations and
/// `if #available` or `guard #available` branches around it).
struct DeclarationUse: Hashable, Sendable {
    var offset: Int
    var usr: String
    var context: DeploymentTarget
    /// Found in a mangled type rather than as a reference the compiler resolved: its module is
    /// only a guess until some resolved reference names the same module.
    var isSpelledInType = false
}
