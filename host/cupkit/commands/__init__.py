"""The cupkit commands: one module per command, each with NAME, HELP, add_arguments(parser) and run(args)."""
