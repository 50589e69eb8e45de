import ChildProcess
import Foundation

/// The temporary files docgen writes before renaming them into place, named
/// `.docgen-tmp-PID-XXXXXX` so that they can be told from the user's files:
///
/// - SIGINT, SIGTERM or SIGHUP while one is open removes it before docgen dies of the signal
///   (the handler calls only `unlinkat`, which is async-signal-safe, signal-safety(7));
/// - one left by a run that was killed outright (SIGKILL, a power cut) names a process that has
///   ended, and the next run that owns the folder removes it (`isLeftover`).
struct TemporaryFile {
    static let prefix = ".docgen-tmp-"

    let descriptor: Int32
    let name: String
    private let slot: Int?

    /// Creates a new temporary file in `folder` for `target` (named in errors), registered for
    /// removal on a signal until `finished` is called.
    static func create(in folder: OpenFolder, for target: String) throws(ToolError) -> TemporaryFile {
        Interrupts.installHandlersOnce()
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)
        for _ in 0..<100 {
            let suffix = String(decoding: (0..<6).map { _ in alphabet.randomElement()! }, as: UTF8.self)
            let name = "\(prefix)\(getpid())-\(suffix)"
            // Registered first: a signal right after the file is created still removes it.
            let slot = Interrupts.register(folder: folder.descriptor, name: name)
            let descriptor = openat(folder.descriptor, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if descriptor >= 0 { return TemporaryFile(descriptor: descriptor, name: name, slot: slot) }
            let code = errno
            Interrupts.unregister(slot)
            if code != EEXIST { throw .writing(target, code) }
        }
        throw .writing(target, EEXIST)
    }

    /// Installs the signal handling every write relies on (once per process).
    static func prepareForWrites() {
        Interrupts.installHandlersOnce()
    }

    /// The file was renamed into place, or (`removing`) is to be removed.
    func finished(removing: Bool, in folder: OpenFolder) {
        if removing { unlinkat(folder.descriptor, name, 0) }
        Interrupts.unregister(slot)
    }

    /// Whether `name` is a temporary file of a docgen run that has ended:
    /// `.docgen-tmp-PID-XXXXXX` whose process no longer runs.
    static func isLeftover(_ name: String) -> Bool {
        guard name.hasPrefix(prefix) else { return false }
        let parts = name.dropFirst(prefix.count).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, isRandomSuffix(parts[1]), let pid = pid_t(parts[0]), pid > 0 else { return false }
        return pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
    }

    /// Whether a file in a folder docgen owns whole (`OwnedFolder`) is the `mkstemp` temporary
    /// file of an earlier version: `.docgen-XXXXXX`, mode 0600 as mkstemp(3) made it.
    static func isEarlierVersionLeftover(_ name: String, mode: mode_t) -> Bool {
        name.hasPrefix(".docgen-") && isRandomSuffix(name.dropFirst(".docgen-".count)) && mode & 0o7777 == 0o600
    }

    private static func isRandomSuffix(_ text: Substring) -> Bool {
        text.count == 6 && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }

    /// The leftover temporary files (regular files, never links) directly in `folder`.
    static func leftovers(in folder: String) -> [String] {
        ((try? SafeFileSystem.children(of: folder)) ?? []).filter { isLeftover($0) && SafeFileSystem.kind(folder + "/" + $0) == .file }.sorted()
    }
}

/// The signal handlers that remove the temporary files being written. They are installed only
/// for signals whose action is the default (a SIGHUP ignored under nohup stays ignored), and
/// a signal that `ChildProcess` forwards to a running child keeps that handler.
private enum Interrupts {
    struct Slot {
        var folder: Int32 = -1
        var name: UnsafeMutablePointer<CChar>? = nil
    }

    static let slotCount = 16
    /// Read by the handler without a lock (it may not take one); written under `lock`.
    nonisolated(unsafe) static let slots: UnsafeMutablePointer<Slot> = {
        let slots = UnsafeMutablePointer<Slot>.allocate(capacity: slotCount)
        slots.initialize(repeating: Slot(), count: slotCount)
        return slots
    }()
    /// Whether the handlers are installed. A `Locked` (see there): writes on several threads
    /// register their files at once.
    static let lock = Locked(false)

    static func installHandlersOnce() {
        lock.withLock { installed in
            guard !installed else { return }
            installed = true
            let handler: @convention(c) (Int32) -> Void = { signalNumber in
                for index in 0..<Interrupts.slotCount {
                    if let name = Interrupts.slots[index].name { unlinkat(Interrupts.slots[index].folder, name, 0) }
                }
                signal(signalNumber, SIG_DFL)
                raise(signalNumber)
            }
            for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
                let previous = signal(signalNumber, handler)
                // Anything but the default (ignored, or a handler of its own) is put back.
                if (previous.map { unsafeBitCast($0, to: Int.self) } ?? 0) != 0 { signal(signalNumber, previous) }
            }
            // A file-size limit (ulimit -f) makes write fail with EFBIG instead of killing docgen
            // halfway (setrlimit(2)), so the temporary file is removed and the error reported.
            signal(SIGXFSZ, SIG_IGN)
        }
    }

    /// A free slot now holding `name` in `folder`, or nil when all are taken (then only the next
    /// run removes the file, as after SIGKILL).
    static func register(folder: Int32, name: String) -> Int? {
        lock.withLock { _ in
            for index in 0..<slotCount where slots[index].name == nil {
                slots[index].folder = folder
                slots[index].name = strdup(name)
                return index
            }
            return nil
        }
    }

    static func unregister(_ slot: Int?) {
        guard let slot else { return }
        lock.withLock { _ in
            let name = slots[slot].name
            slots[slot].name = nil
            free(name)
        }
    }
}
