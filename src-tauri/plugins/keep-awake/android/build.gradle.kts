import org.jetbrains.kotlin.gradle.dsl.JvmTarget

// The Android side of the keep-awake plugin (Tauri's plugin layout: a library module that depends on
// :tauri-android, which the app's generated Gradle project provides).
plugins {
    id("com.android.library")
    id("org.jetbrains.kotlin.android")
}

android {
    namespace = "org.goebenreferee.keepawake"
    compileSdk = 36

    defaultConfig {
        minSdk = 24
    }

    compileOptions {
        sourceCompatibility = JavaVersion.VERSION_1_8
        targetCompatibility = JavaVersion.VERSION_1_8
    }
}

kotlin {
    compilerOptions {
        jvmTarget = JvmTarget.JVM_1_8
    }
}

dependencies {
    implementation(project(":tauri-android"))
}
