/// A capture source the audio server offers (a microphone, a line input, a monitor of an output).
public struct AudioSource: Sendable, Equatable, Identifiable {
    /// The server's name for it, as given to `--source`.
    public var name: String
    /// The human description, for example "Built-in Audio Analog Stereo".
    public var description: String
    /// Whether the server records from it when no source is chosen.
    public var isDefault: Bool
    /// Whether it only mirrors what an output plays (not a microphone).
    public var isMonitor: Bool

    public var id: String { name }

    public init(name: String, description: String, isDefault: Bool, isMonitor: Bool = false) {
        self.name = name
        self.description = description
        self.isDefault = isDefault
        self.isMonitor = isMonitor
    }
}
