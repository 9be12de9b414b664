// Empty on purpose: this target exists so that `swift build` makes OpenAPIRuntime's module (Package.swift).
import OpenAPIRuntime
