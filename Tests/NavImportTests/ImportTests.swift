import NavImport
