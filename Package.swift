// swift-tools-version:6.0
import PackageDescription

// One set of settings for every target: Swift 6 language mode (strict concurrency) plus the
// upcoming features that make leaks of C modules and implicit existentials compile errors.
let settings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    // Lets generic code (the LRU cache, parser helpers) specialise across module boundaries in
    // release builds, so the hit path does no runtime generic-metadata lookups.
    .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release)),
]

// MonogramClient is built by apps that depend on this package, where SwiftPM refuses unsafe
// flags: the same language settings, without the release-only optimisation flag.
let clientSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Monogram",
    products: [
        .executable(name: "monogram", targets: ["monogram"]),
        // URL builders and signing for apps and backends (docs/clients.md): Foundation only.
        .library(name: "MonogramClient", targets: ["MonogramClient"]),
    ],
    targets: [
        // C libraries: cairo + pango (+ fontconfig) through pkg-config; libpng is CPictures'.
        .systemLibrary(
            name: "CPangoCairo",
            path: "Sources/CPangoCairo",
            pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev", "libcairo2-dev", "libpng-dev", "libfontconfig1-dev"])]
        ),
        // epoll, accept4 and eventfd, which Glibc's Swift module does not export.
        .target(name: "CSystem", path: "Sources/CSystem"),
        // Picture fetching and decoding: libcurl, libturbojpeg, libwebp, libpng. A C target
        // (not a systemLibrary) because libcurl's callbacks and libpng's setjmp need real C.
        .target(
            name: "CPictures",
            path: "Sources/CPictures",
            linkerSettings: [.linkedLibrary("curl"), .linkedLibrary("turbojpeg"), .linkedLibrary("webp"), .linkedLibrary("png16")]
        ),

        // HMAC-SHA256, SHA-256 and MD5 from the system's OpenSSL libcrypto (libssl-dev headers;
        // libcurl links the same library already). Swift sees it only through MonogramCrypto.
        .target(name: "CCrypto", path: "Sources/CCrypto", linkerSettings: [.linkedLibrary("crypto")]),
        .target(name: "MonogramCrypto", dependencies: ["CCrypto"], swiftSettings: settings),
        // Output encoders: lossless WebP (libwebp), AVIF (libavif, aom), JPEG (libturbojpeg) and libdeflate for our
        // own PNG writer. A C target so each encode's library handles live and die in one C call.
        .target(
            name: "CEncoders",
            path: "Sources/CEncoders",
            linkerSettings: [.linkedLibrary("webp"), .linkedLibrary("avif"), .linkedLibrary("deflate"), .linkedLibrary("z"), .linkedLibrary("turbojpeg")]
        ),

        // A pthread-backed lock every module shares (see Locked.swift for why not `Mutex`).
        .target(name: "MonogramSync", swiftSettings: settings),
        .target(name: "MonogramCore", dependencies: ["MonogramSync"], swiftSettings: settings, linkerSettings: [.linkedLibrary("m")]),
        // CPictures: the project's one libpng decoder (masks and test images decode through it too).
        .target(name: "MonogramRender", dependencies: ["MonogramCore", "CPangoCairo", "CPictures", "CEncoders"], swiftSettings: settings),
        .target(name: "MonogramHTTP", dependencies: ["CSystem", "MonogramSync"], swiftSettings: settings),
        .target(name: "MonogramPictures", dependencies: ["MonogramCore", "CPictures"], swiftSettings: settings),
        // /gravatar/{hash} (API §7): the directory (CSV → compact index), hashes and defaults.
        .target(name: "MonogramGravatar", dependencies: ["MonogramCore", "MonogramCrypto", "MonogramSync"], swiftSettings: settings),
        .target(
            name: "MonogramService",
            dependencies: ["MonogramCore", "MonogramRender", "MonogramHTTP", "MonogramPictures", "MonogramCrypto", "MonogramGravatar"],
            swiftSettings: settings
        ),
        .target(name: "MonogramClient", swiftSettings: clientSettings),
        .executableTarget(name: "monogram", dependencies: ["MonogramService"], swiftSettings: settings),

        // Test support, built only with the tests: the codecs only tests use (strict PNG, WebP
        // and AVIF decoders; the libpng encoder our PNG writer replaced, the reference it is
        // compared with), kept out of the product's C and Swift targets.
        .target(
            name: "CTestCodecs",
            dependencies: ["CEncoders"],
            path: "Tests/Support/CTestCodecs",
            linkerSettings: [.linkedLibrary("webp"), .linkedLibrary("avif"), .linkedLibrary("z"), .linkedLibrary("png16")]
        ),
        .target(
            name: "MonogramRenderTestSupport",
            dependencies: ["MonogramRender", "CEncoders", "CTestCodecs"],
            path: "Tests/Support/MonogramRenderTestSupport",
            swiftSettings: settings
        ),

        .testTarget(name: "MonogramClientTests", dependencies: ["MonogramClient"], swiftSettings: settings),
        .testTarget(name: "MonogramCoreTests", dependencies: ["MonogramCore"], swiftSettings: settings),
        .testTarget(
            name: "MonogramRenderTests",
            dependencies: ["MonogramRender", "MonogramRenderTestSupport", "MonogramCore"],
            resources: [.copy("Goldens")],
            swiftSettings: settings
        ),
        .testTarget(name: "MonogramCryptoTests", dependencies: ["MonogramCrypto"], swiftSettings: settings),
        .testTarget(name: "MonogramGravatarTests", dependencies: ["MonogramGravatar", "MonogramCore", "MonogramCrypto"], swiftSettings: settings),
        .testTarget(name: "MonogramHTTPTests", dependencies: ["MonogramHTTP"], swiftSettings: settings),
        .testTarget(
            name: "MonogramPicturesTests",
            dependencies: ["MonogramPictures", "MonogramCore"],
            resources: [.copy("Fixtures")],
            swiftSettings: settings
        ),
        .testTarget(name: "MonogramServiceTests", dependencies: ["MonogramService"], swiftSettings: settings),
        // Live tests: start the real `monogram` executable and speak HTTP over sockets.
        .testTarget(name: "MonogramIntegrationTests", dependencies: ["monogram", "MonogramRender", "MonogramRenderTestSupport", "MonogramClient"], swiftSettings: settings),
    ]
)
