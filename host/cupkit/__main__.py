import sys

from cupkit.cli import main

sys.exit(main())
