/// The views and dialogs open over the main screen, the newest on top; a key goes to the top one.
/// A view (the report view, the editor) always stays under the dialogs and overlays: one opened while
/// a question is open (a refused save puts its text back into an editor) never covers the question.
@MainActor
struct ScreenStack {
    private(set) var controllers: [any ScreenController] = []

    var top: (any ScreenController)? { controllers.last }

    /// The view the body shows: the topmost one under the dialogs.
    var topView: (any ScreenController)? { controllers.last { $0.layer == .view } }

    /// The topmost controller of a kind.
    func topmost<Controller>(_ kind: Controller.Type) -> Controller? {
        controllers.last { $0 is Controller } as? Controller
    }

    /// Every controller of a kind, the lowest first.
    func all<Controller>(_ kind: Controller.Type) -> [Controller] {
        controllers.compactMap { $0 as? Controller }
    }

    func contains(_ controller: any ScreenController) -> Bool {
        controllers.contains { $0 === controller }
    }

    mutating func push(_ controller: any ScreenController) {
        if controller.layer == .view, let firstModal = controllers.firstIndex(where: { $0.layer == .modal }) {
            controllers.insert(controller, at: firstModal)
        } else {
            controllers.append(controller)
        }
    }

    /// Takes `controller` off wherever it is; returns whether it was there.
    @discardableResult
    mutating func remove(_ controller: any ScreenController) -> Bool {
        guard let index = controllers.firstIndex(where: { $0 === controller }) else { return false }
        controllers.remove(at: index)
        return true
    }
}
