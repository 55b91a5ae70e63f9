import Foundation
import MonogramClient

/// clients/cases.json, read by the Swift client's unit tests and the live test (the JS client's
/// tests read the same file): inputs, and the exact URL both clients must build.
enum ClientCaseTable {
    struct Table: Decodable {
        let base: String
        let key: String
        let cases: [Case]
    }

    struct Case: Decodable, Sendable, CustomStringConvertible {
        let title: String
        let kind: String
        let of: String?
        let name: String?
        let names: [String]?
        let hash: String?
        let email: String?
        let users: [User]?
        let config: AvatarViewConfiguration?
        let densities: [Double]?
        let sign: Signing?
        let url: String?
        let src: String?
        let srcset: String?
        let error: String?
        let options: Options?
        let live: Live?

        struct Signing: Decodable, Sendable { let expires: Int? }
        /// What the live server answers when it is not a 200 (a 302 redirect, a 404 fallback).
        struct Live: Decodable, Sendable { let status: Int? }

        /// The options object, decoded as whichever kind the case needs.
        struct Options: Decodable, Sendable {
            let avatar: AvatarOptions?
            let group: GroupOptions?
            let gravatar: GravatarOptions?
            /// The liked-by helper's own option.
            let withoutPicture: LikedByFace?

            private enum Keys: String, CodingKey { case withoutPicture }

            init(from decoder: any Decoder) throws {
                avatar = try? AvatarOptions(from: decoder)
                group = try? GroupOptions(from: decoder)
                gravatar = try? GravatarOptions(from: decoder)
                withoutPicture = try decoder.container(keyedBy: Keys.self).decodeIfPresent(LikedByFace.self, forKey: .withoutPicture)
            }
        }

        var description: String { title }
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let table: Table = {
        do {
            let data = try Data(contentsOf: packageRoot.appendingPathComponent("clients/cases.json"))
            return try JSONDecoder().decode(Table.self, from: data)
        } catch {
            fatalError("clients/cases.json: \(error)")
        }
    }()

    /// What the Swift client builds for `c`: one URL, or a srcset. `signAll` signs the
    /// `/avatar` and `/group` URLs that the table leaves unsigned too (for a server that
    /// requires signatures); `/gravatar` is never signed.
    static func run(_ c: Case, signAll: Bool = false) throws(MonogramClientError) -> (url: String?, srcset: Srcset?) {
        let signer: (any URLSigning)? = c.sign == nil && !signAll ? nil : HMACSigner(key: table.key)
        let client = Monogram(base: table.base, signer: signer, expires: c.sign?.expires)
        let avatar = c.options?.avatar ?? AvatarOptions()
        let group = c.options?.group ?? GroupOptions()
        let gravatar = c.options?.gravatar ?? GravatarOptions()
        switch (c.kind, c.of) {
        case ("avatar", _), ("error", "avatar"): return (try client.avatar(c.name ?? "", avatar), nil)
        case ("group", _), ("error", "group"): return (try client.group(c.names ?? [], group), nil)
        case ("likedBy", _):
            return (try client.likedBy(c.users ?? [], group, withoutPicture: c.options?.withoutPicture ?? .initials), nil)
        case ("avatarView", _): return (try client.avatarView(c.config ?? AvatarViewConfiguration()), nil)
        case ("gravatar", _), ("error", "gravatar"):
            if let email = c.email { return (try client.gravatar(email: email, gravatar), nil) }
            return (try client.gravatar(c.hash ?? "", gravatar), nil)
        case ("srcset", "group"): return (nil, try client.groupSrcset(c.names ?? [], group, densities: c.densities ?? [1, 2, 3]))
        case ("srcset", _): return (nil, try client.avatarSrcset(c.name ?? "", avatar, densities: c.densities ?? [1, 2, 3]))
        default: throw MonogramClientError("kind", "unknown case kind \(c.kind)")
        }
    }
}
