package org.goebenreferee.keepawake

import android.app.Activity
import android.view.WindowManager
import app.tauri.annotation.Command
import app.tauri.annotation.InvokeArg
import app.tauri.annotation.TauriPlugin
import app.tauri.plugin.Invoke
import app.tauri.plugin.Plugin

@InvokeArg
class KeepScreenOnArgs {
    var on: Boolean = false
}

// The screen stays on while the app's window shows, as long as the page asks: the window's
// FLAG_KEEP_SCREEN_ON, which Android drops by itself when the app leaves the screen (no permission, no
// lock to leak).
@TauriPlugin
class KeepAwakePlugin(private val activity: Activity) : Plugin(activity) {
    @Command
    fun setKeepScreenOn(invoke: Invoke) {
        val args = invoke.parseArgs(KeepScreenOnArgs::class.java)
        // Window flags change on the UI thread only.
        activity.runOnUiThread {
            if (args.on) {
                activity.window.addFlags(WindowManager.LayoutParams.FLAG_KEEP_SCREEN_ON)
            } else {
                activity.window.clearFlags(WindowManager.LayoutParams.FLAG_KEEP_SCREEN_ON)
            }
            invoke.resolve()
        }
    }
}
