import StationCore

/// Training requests from a one-shot command (`reports edit`, `reports sign`): each starts the update
/// as a detached child that outlives the command and logs its outcome to station.log, so the command
/// returns at once. A running station batches its requests instead (`Station`).
public struct DetachedProfileTraining: ProfileTrainingRequests {
    public var training: BackgroundProfileTraining

    public init(_ training: BackgroundProfileTraining) { self.training = training }

    public func requestTraining(author: String, locale: String) { training.start(author: author, locale: locale) }
}
