/// <reference types="vite/client" />
// Every project that type-checks renderer files (renderer, test) then knows vite's `?worker` imports.
