import LocalClaims
import PostgresStore
import StationCore

/// A dictation's owner with a clinic store: first the data directory's claim (the same person's other
/// station processes on this workstation, also while the server is away), then the clinic-wide advisory
/// lock (`ClinicClaims`), so exactly one station of the clinic acts on a dictation. While the server
/// cannot be reached, the local claim decides and recording goes on; the clinic's lock is taken when the
/// server answers again.
struct ClinicDictationOwnership: DictationOwnership {
    let local: FileDictationOwnership
    let claims: ClinicClaims

    static func key(_ session: SessionID) -> String { "dictation:\(session.rawValue)" }

    func claim(_ session: SessionID) -> DictationClaim {
        if case .heldElsewhere(let holder) = local.claim(session) { return .heldElsewhere(holder) }
        switch claims.claim(Self.key(session)) {
        case .claimed:
            return .claimed
        case .held(let holder):
            local.release(session)
            return .heldElsewhere(holder)
        case .unreachable:
            claims.claimWhileUnreachable(Self.key(session))
            return .claimed
        }
    }

    func release(_ session: SessionID) {
        claims.release(Self.key(session))
        local.release(session)
    }
}

/// Who corrects a report with a clinic store: the data directory's claim, then the clinic-wide advisory
/// lock, so two people at two workstations never correct one report at once. While the server cannot be
/// reached, nothing can be saved anyway; the local claim decides.
struct ClinicReportEditLocks: ReportEditLocking {
    let local: FileReportEditLocks
    let claims: ClinicClaims

    static func key(_ id: Int64) -> String { "report-edit:\(id)" }

    func claim(report id: Int64) -> DictationClaim {
        if case .heldElsewhere(let holder) = local.claim(report: id) { return .heldElsewhere(holder) }
        switch claims.claim(Self.key(id)) {
        case .claimed, .unreachable:
            return .claimed
        case .held(let holder):
            local.release(report: id)
            return .heldElsewhere(holder)
        }
    }

    func release(report id: Int64) {
        claims.release(Self.key(id))
        local.release(report: id)
    }
}
