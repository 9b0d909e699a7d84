import StationCore

/// What the terminal must do after a key that the model cannot do itself.
public enum ScreenEffect: Sendable, Equatable {
    case none
    case quit
    /// Suspend the screen, run `$EDITOR` on the report's text, and hand the result to `finishExternalEdit`.
    case editExternally(Report)
}

/// Where a controller of the stack sits: a view fills the body (the report view, the editor); a modal
/// (a dialog, the help, the messages) goes over everything and stays above any view opened after it.
enum ScreenLayer {
    case view
    case modal
}

/// What a controller did with a key, as htop's panels answer with flags; the screen model acts on it.
/// Whatever a controller changed is redrawn without being asked: the screen observes its state.
enum KeyOutcome {
    /// It took the key.
    case handled
    /// Not one of its keys: the keys of the whole screen (F1, ?, M) may take it, else it does nothing.
    case notHandled
    /// A key of another view: it does nothing here, and this says where it works.
    case refused(String)
    /// A view or a dialog opens over it.
    case open(any ScreenController)
    /// It is done and leaves the stack.
    case close
    /// It is done, and the next step of a question in steps takes its place.
    case replace(with: any ScreenController)
    /// The terminal must act: quit, or hand a report to `$EDITOR`.
    case effect(ScreenEffect)
}

/// One view of the screen that takes keys: the sessions list, the report list, the report view, the
/// editor, a dialog or an overlay. Each handles its own keys and says what it did; the screen model
/// gives a key to the top of its stack (or to the focused list), never to the view underneath.
@MainActor
protocol ScreenController: AnyObject {
    /// Where it goes on the stack.
    var layer: ScreenLayer { get }
    func handle(_ key: Key) -> KeyOutcome
    /// Its keys, for the key bar and the help.
    var keyHelp: KeyHelpPage { get }
    /// It leaves the stack: give back what it holds (a report's claim, the audio playing).
    func willClose()
}

extension ScreenController {
    var layer: ScreenLayer { .view }
    func willClose() {}
}

/// One key of a view: how it is written, a short label for the key bar, and a sentence for the help.
public struct KeyBinding: Sendable, Equatable {
    public var keys: String
    public var label: String
    public var help: String
    /// Whether the key bar shows it now (the help lists it always).
    public var applies: Bool

    public init(_ keys: String, _ label: String, _ help: String, applies: Bool = true) {
        self.keys = keys
        self.label = label
        self.help = help
        self.applies = applies
    }
}

/// The keys of one view, under its name ("Keys: Report").
public struct KeyHelpPage: Sendable, Equatable {
    public var title: String
    public var keys: [KeyBinding]

    public init(_ title: String, _ keys: [KeyBinding]) {
        self.title = title
        self.keys = keys
    }
}
