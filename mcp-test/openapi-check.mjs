// Checks an OpenAPI document for the tests: against the official OpenAPI 3.1 schema
// (@seriousme/openapi-schema-validator, which also resolves every $ref), then each case's value against one of
// the document's component schemas with Ajv's draft 2020-12 validator (the dialect of OpenAPI 3.1 schemas).
// Usage: node openapi-check.mjs DOCUMENT.json CASES.json
//   CASES: [{"schema": "CallRequest", "value": {...}}, ...]
// Prints {"valid": bool, "errors": [...], "cases": [{"valid": bool, "errors": [...]}]}.
import { readFileSync } from "node:fs";
import { Validator } from "@seriousme/openapi-schema-validator";
import Ajv2020 from "ajv/dist/2020.js";

const [docFile, casesFile] = process.argv.slice(2);
const doc = JSON.parse(readFileSync(docFile, "utf8"));
const cases = JSON.parse(readFileSync(casesFile, "utf8"));
const validator = new Validator();
const res = await validator.validate(structuredClone(doc));
// OpenAPI keywords inside schemas (discriminator, x-*) are annotations to a JSON Schema validator
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema(doc, "openapi.json");
const results = cases.map((c) => {
  const validate = ajv.getSchema("openapi.json#/components/schemas/" + c.schema);
  if (!validate) return { valid: false, errors: ["no component schema " + c.schema] };
  const valid = validate(c.value);
  return { valid, errors: valid ? [] : validate.errors.slice(0, 3) };
});
process.stdout.write(JSON.stringify({ valid: res.valid, errors: res.valid ? [] : res.errors, cases: results }) + "\n");
