// swift-tools-version:5.3
// The iOS side of the keep-awake plugin (Tauri's plugin layout: a static library over the Tauri package the
// app's generated Xcode project provides).
import PackageDescription

let package = Package(
  name: "tauri-plugin-keep-awake",
  platforms: [
    .iOS(.v13)
  ],
  products: [
    .library(name: "tauri-plugin-keep-awake", type: .static, targets: ["tauri-plugin-keep-awake"])
  ],
  dependencies: [
    .package(name: "Tauri", path: "../.tauri/tauri-api")
  ],
  targets: [
    .target(name: "tauri-plugin-keep-awake", dependencies: [.byName(name: "Tauri")], path: "Sources")
  ]
)
