import Tauri
import UIKit
import WebKit

struct KeepScreenOnArgs: Decodable {
  let on: Bool
}

// The screen stays on while the page asks: the idle timer off. The idle timer only ever dims the app in
// front, so a player who switches away is not kept awake by it.
class KeepAwakePlugin: Plugin {
  @objc public func setKeepScreenOn(_ invoke: Invoke) throws {
    let args = try invoke.parseArgs(KeepScreenOnArgs.self)
    // UIApplication is main-thread only.
    DispatchQueue.main.async {
      UIApplication.shared.isIdleTimerDisabled = args.on
      invoke.resolve()
    }
  }
}

@_cdecl("init_plugin_keep_awake")
func initPlugin() -> Plugin {
  return KeepAwakePlugin()
}
