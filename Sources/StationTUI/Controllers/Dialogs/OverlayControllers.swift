/// An overlay over the view underneath: any key closes it, and meanwhile the key bar keeps showing the
/// keys of the view it covers.
@MainActor
protocol OverlayController: ScreenController {
    var covered: any ScreenController { get }
}

extension OverlayController {
    var layer: ScreenLayer { .modal }
    func handle(_ key: Key) -> KeyOutcome { .close }
    var keyHelp: KeyHelpPage { covered.keyHelp }
}

/// Every key of the view underneath, with what it does (`F1`, `?`).
final class HelpOverlayController: OverlayController {
    let covered: any ScreenController
    init(covering covered: any ScreenController) { self.covered = covered }
}

/// The latest messages in full (`M`), for the ones the strip cuts (an install error's cause).
final class MessagesOverlayController: OverlayController {
    let covered: any ScreenController
    init(covering covered: any ScreenController) { self.covered = covered }
}
