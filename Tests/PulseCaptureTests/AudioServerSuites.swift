import StationTestTraits
import Testing

/// Every suite here that uses the shared test server runs inside this one, one test at a time: a phone
/// call played in one test would interrupt every capture of another, as it should on a real station.
@Suite("the audio server, one test at a time", .serialized, .audioServer)
enum AudioServerSuites {}
