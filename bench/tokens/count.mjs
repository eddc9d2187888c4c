// Counts the tokens of each file named on the command line with two real OpenAI encodings (offline: the encodings
// ship inside gpt-tokenizer). Prints one JSON object per file: {file, bytes, o200k_base, cl100k_base}.
import { readFileSync } from 'node:fs';
import { encode as o200k } from 'gpt-tokenizer/encoding/o200k_base';
import { encode as cl100k } from 'gpt-tokenizer/encoding/cl100k_base';

for (const file of process.argv.slice(2)) {
  const bytes = readFileSync(file);
  const text = bytes.toString('utf8');
  console.log(JSON.stringify({ file, bytes: bytes.length, o200k_base: o200k(text).length,
    cl100k_base: cl100k(text).length }));
}
