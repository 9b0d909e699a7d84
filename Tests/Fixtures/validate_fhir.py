"""Validates FHIR R4 resources with the fhir.resources package (R4 is its 6.4 line): each file named on
the command line must parse as the resource its resourceType names. Prints one line per file, exits 1
on the first invalid one with the validator's reasons."""
import json
import sys

import fhir.resources
from fhir.resources import construct_fhir_element

if fhir.resources.__fhir_version__ != "4.0.1":
    sys.exit(f"fhir.resources {fhir.resources.__version__} validates FHIR {fhir.resources.__fhir_version__}, not R4")

for path in sys.argv[1:]:
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
    try:
        resource = construct_fhir_element(data["resourceType"], data)
    except Exception as error:  # the validator's own error says what is wrong
        print(f"{path}: INVALID {error}")
        sys.exit(1)
    print(f"{path}: valid {resource.resource_type} R4")
