/// Which addresses a picture fetch may connect to when the allow-list does not name the
/// address itself: public unicast only. Refusing the rest keeps `picture=` from reaching the
/// server's own network (SSRF): loopback, private ranges, link-local (cloud metadata at
/// 169.254.169.254), unique-local, shared CGNAT space, multicast and reserved blocks, and IPv6
/// forms that embed such an IPv4 address (mapped, NAT64, 6to4).
public enum AddressPolicy {
    /// `bytes` is a network-order IPv4 (4 bytes) or IPv6 (16 bytes) address.
    public static func isPublic(_ bytes: [UInt8]) -> Bool {
        switch bytes.count {
        case 4: return isPublicIPv4(bytes[0], bytes[1], bytes[2], bytes[3])
        case 16: return isPublicIPv6(bytes)
        default: return false
        }
    }

    static func isPublicIPv4(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) -> Bool {
        switch a {
        case 0, 10, 127: return false                   // "this network", private, loopback
        case 100 where (64...127).contains(b): return false  // shared address space (CGNAT)
        case 169 where b == 254: return false            // link-local, cloud metadata
        case 172 where (16...31).contains(b): return false   // private
        case 192 where b == 168: return false            // private
        case 192 where b == 0 && c == 0: return false    // IETF protocol assignments
        case 192 where b == 0 && c == 2: return false    // documentation
        case 198 where b == 18 || b == 19: return false  // benchmarking
        case 198 where b == 51 && c == 100: return false // documentation
        case 203 where b == 0 && c == 113: return false  // documentation
        case 224...255: return false                     // multicast, reserved, broadcast
        default: return true
        }
    }

    static func isPublicIPv6(_ bytes: [UInt8]) -> Bool {
        let zeroPrefix = bytes[0..<10].allSatisfy { $0 == 0 }
        // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (deprecated compatible, includes :: and ::1).
        if zeroPrefix && ((bytes[10] == 0xFF && bytes[11] == 0xFF) || (bytes[10] == 0 && bytes[11] == 0)) {
            if bytes[10] == 0 { return false }
            return isPublicIPv4(bytes[12], bytes[13], bytes[14], bytes[15])
        }
        // 64:ff9b::/96 NAT64 reaches the embedded IPv4 address.
        if bytes[0..<12] == [0, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0] {
            return isPublicIPv4(bytes[12], bytes[13], bytes[14], bytes[15])
        }
        // 2002::/16 6to4 embeds an IPv4 address in bytes 2…5.
        if bytes[0] == 0x20 && bytes[1] == 0x02 {
            return isPublicIPv4(bytes[2], bytes[3], bytes[4], bytes[5])
        }
        if bytes[0] == 0xFF { return false }                       // multicast
        if bytes[0] & 0xFE == 0xFC { return false }                // fc00::/7 unique local
        if bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80 { return false } // fe80::/10 link-local
        if bytes[0] == 0xFE && bytes[1] & 0xC0 == 0xC0 { return false } // fec0::/10 site-local
        if bytes[0] == 0x20 && bytes[1] == 0x01 && bytes[2] == 0x0D && bytes[3] == 0xB8 { return false } // documentation
        if bytes[0] == 0x01 && bytes[1..<8].allSatisfy({ $0 == 0 }) { return false } // 100::/64 discard
        // Global unicast is 2000::/3; everything else is unassigned or special.
        return bytes[0] & 0xE0 == 0x20
    }
}
