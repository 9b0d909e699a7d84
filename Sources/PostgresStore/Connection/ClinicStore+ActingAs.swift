import Foundation

extension ClinicStore {
    /// Connects as a PostgreSQL superuser, then acts as `role` (`SET SESSION AUTHORIZATION`): every
    /// rule binds as it binds that role, and every step is recorded as that role's. For an administrator's
    /// tools that write in the names of the clinic's users (moving a station's reports in, the store
    /// benchmark); the server refuses it to anyone but a superuser.
    public static func connect(to address: StoreAddress, actingAs role: String) async throws -> ClinicStore {
        let store = try await connect(to: address)
        try await store.act(as: role)
        return store
    }

    private func act(as role: String) throws(ClinicStoreError) {
        do {
            let quoted =
                try connection.query("SELECT format('%I', $1::text)", [role]).first?.first.flatMap { $0 } ?? "\"\""
            try connection.execute("SET SESSION AUTHORIZATION \(quoted)")
            user = role
        } catch {
            throw clinicError(error)
        }
    }
}
