"""Reads CSV (RFC 4180) from stdin with Python's csv module; prints the rows as JSON."""
import csv
import json
import sys

rows = list(csv.DictReader(sys.stdin))
json.dump(rows, sys.stdout, ensure_ascii=False)
