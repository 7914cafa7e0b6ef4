"""Tools beside the compiler, run as `boltc NAME ...` (cli.TOOLS lists them): each module has
`build_parser()` (its argparse parser, prog "boltc NAME") and `run(args)`, which raises
BoltcError for a user's mistake; cli.main reports errors and exit codes as for a compile."""
