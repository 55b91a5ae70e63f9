import MonogramCore

/// `monogram tag KEY`: the cache tag (API §9) of a colour key, as the service files answers
/// under it, so an operator or an application can purge a person without asking the server.
public enum TagCommand {
    public static func tag(_ key: String) -> String {
        CacheTag.text(CacheTag.person(key))
    }
}
