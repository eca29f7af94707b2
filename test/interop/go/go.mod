module cairn.invalid/interop

go 1.19
