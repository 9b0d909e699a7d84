import StationCore

/// Every key of the view underneath, with what it does (`F1`, `?`); any key closes it.
@MainActor
final class HelpOverlayController: ScreenController {
    /// The view whose keys it lists, and which the key bar keeps showing.
    let covered: any ScreenController

    init(covering covered: any ScreenController) { self.covered = covered }

    var layer: ScreenLayer { .modal }
    func handle(_ key: Key) -> KeyOutcome { .close }
    var keyHelp: KeyHelpPage { covered.keyHelp }
}

/// The latest messages in full (`M`), for the ones the strip cuts (an install error's cause); any key
/// closes it.
@MainActor
final class MessagesOverlayController: ScreenController {
    let covered: any ScreenController

    init(covering covered: any ScreenController) { self.covered = covered }

    var layer: ScreenLayer { .modal }
    func handle(_ key: Key) -> KeyOutcome { .close }
    var keyHelp: KeyHelpPage { covered.keyHelp }
}
