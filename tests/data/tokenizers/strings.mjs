// The test sentences every reference tokenization is made of (imported by make-reference.mjs).
// Hand-written cases first, then systematic ones (runs of spaces and newlines, numbers, scripts).

const handWritten = [
  "", " ", "  ", "\n", "\n\n", "\t", " \t\n", "a", "A", "Hello world", " Hello world", "Hello  world",
  "The animal didn't cross the street because it was too tired",
  "I'm here, you're there, we've been, they'll go, he'd say, it's fine.",
  "I'M HERE, YOU'RE THERE, WE'VE BEEN, THEY'LL GO, HE'D SAY, IT'S FINE.",
  "don't can't won't shouldn't y'all o'clock rock'n'roll",
  "'s 't 're 've 'm 'll 'd", "''''", "\"quoted\" 'single' `back`",
  "The year 2024 had 365 days; 1,234,567.89 is a number.", "0", "12", "123", "1234", "12345", "123456789012345",
  "3.14159 2.71828 -42 +7 1e10 0x1F 0b1010", "Call 555-0100 or +1 (555) 010-0199.", "v1.2.3-rc.4", "2024-05-17T13:45:00Z",
  "a  b", "a   b", "a    b", "a\n b", "a \nb", "a\n\nb", "a\n\n\nb", "a\r\nb", "a\tb", "a\t\tb", "a \t b",
  "trailing space ", "trailing spaces   ", "   leading spaces", "\n\nleading newlines", "ends with newline\n",
  "line one\nline two\n\nline four", "    indented code", "\tTabbed\tcolumns\there",
  "café", "naïve façade", "résumé", "Crème brûlée", "Ångström", "El niño está aquí", "Zoë and Chloë",
  "Straße", "Übermäßig große Äpfel", "ÀÉÎÕÜ àéîõü", "Ελληνικά γράμματα", "Привет, мир!", "Ça va? Très bien.",
  "e\u0301 (e + combining acute)", "\u00e9 vs e\u0301", "ﬁ ligature ﬂ", "ｆｕｌｌｗｉｄｔｈ", "①②③", "½ ¾ ²³",
  "日本語のテキスト", "中文字符测试", "我爱自然语言处理。", "한국어 텍스트입니다", "漢字とひらがなとカタカナ",
  "mixed 中文 and English", "東京タワーは333メートル", "北京2008年奥运会",
  "😀", "😀😃😄", "I ❤️ emoji 🎉", "👍🏽", "👨‍👩‍👧‍👦", "🏳️‍🌈", "👩🏾‍💻 codes", "🇫🇷🇩🇪🇯🇵", "✨✨✨", "🤖 robots 🦾",
  "שלום עולם", "مرحبا بالعالم", "English עברית mixed", "العربية 123 English", "हिन्दी भाषा", "ภาษาไทย", "ქართული",
  "Hello, world! How are you? I'm fine... Really!?", "!!!", "???", "...", "---", "***", "(((nested)))",
  "a,b;c:d", "[brackets] {braces} <angles>", "#hashtag @mention $dollar %percent ^caret &amp *star",
  "~tilde `backtick` |pipe| \\backslash/ forward/slash", "=== !== <= >= => -> :: ..",
  "int main() { return 0; }", "def f(x):\n    return x ** 2\n", "for (int i = 0; i < n; ++i) {\n\tsum += a[i];\n}",
  "const x = {a: 1, b: [2, 3]};", "SELECT * FROM users WHERE id = 42;", "<div class=\"x\">Hi</div>",
  "#include <stdio.h>", "x+=1;y-=2;z*=3", "if(a&&b||!c){}", "camelCaseIdentifier snake_case_identifier",
  "https://www.example.com/path?query=1&b=two#frag", "mailto:someone@example.org", "ftp://files.example.net/a.tar.gz",
  "C:\\Users\\Name\\file.txt", "/usr/local/bin/qkvlab --help", "user@host:~$ ls -la",
  "<|endoftext|>", "Hello<|endoftext|>world", "a <|endoftext|> b",
  "[CLS] [SEP] [MASK] [UNK]", "The capital of France is [MASK].", "<s> </s> <unk>",
  "a <mask> b", "Hello<mask>.", "The capital of France is <mask>.", "<mask><mask>", "x\t<mask>\ny",
  "<|im_start|>user\nHi<|im_end|>\n", "x<|im_start|>y", "x <|im_start|> y", "<|im_end|>  \n next",
  "say hello world twice: hello world", "hello worldly", "[MASK][MASK] [MASK]ed",
  "UPPERCASE lowercase MiXeD cAsE", "The Quick Brown Fox Jumps Over The Lazy Dog",
  "the quick brown fox jumps over the lazy dog", "Supercalifragilisticexpialidocious",
  "antidisestablishmentarianism", "pneumonoultramicroscopicsilicovolcanoconiosis",
  "unaffable playing played player plays", "tokenization tokenizer tokenized tokens",
  "The cat sat on the mat.", "She sells sea shells by the sea shore.", "To be, or not to be: that is the question.",
  "ÿ\u0000null\u0001control", "zero\u200bwidth\u200cspace\u200djoiner", "non\u00a0breaking\u00a0space",
  "em\u2003space and\u3000ideographic", "soft\u00adhyphen", "\ufeffBOM at start", "replacement \ufffd char",
  "private \ue000 use", "tab\u000bvertical\u000cform", "a\u2028line\u2029para",
  "İstanbul ıi", "ǅ titlecase", "ß ẞ", "ﬀ", "Ⅻ roman", "µ micro", "Å angstrom sign",
  "😀a😀", "a😀", "😀 ", " 😀", "😀\n", "🧑‍🤝‍🧑", "🫠🫡", "⚽️⚾️", "©®™", "←↑→↓", "∑∫√∞≠≤", "€£¥₹₿",
];

const spaces = [];
for (let n = 1; n <= 9; ++n) {
  spaces.push("x" + " ".repeat(n) + "y");
  spaces.push("x" + "\n".repeat(n) + "y");
  spaces.push(" ".repeat(n) + "x");
  spaces.push("x" + " ".repeat(n));
}
for (const ws of [" \n", "\n ", " \n ", "\t\n", "\n\t", " \t", "\r\n\r\n", "\n \n", "  \n  "])
  spaces.push("word" + ws + "word");

const numbers = [];
for (const n of [7, 42, 100, 999, 1000, 2023, 12345, 1000000, 3141592653, 18446744073709551615n])
  numbers.push(`${n}`, ` ${n}`, `x${n}y`, `${n}th`);
numbers.push("1 2 3 4 5 6 7 8 9 10", "٠١٢٣٤٥٦٧٨٩ Arabic-Indic", "१२३ Devanagari", "１２３ fullwidth");

const words = ["the", "of", "and", "attention", "transformer", "query", "key", "value", "softmax", "layer", "head",
  "token", "embedding", "résumé", "naïve", "日本", "🙂", "don't", "it's", "x²", "ÆØÅ", "123", "—", "…"];
const combos = [];
for (let i = 0; i < words.length; ++i) {
  const a = words[i], b = words[(i * 7 + 3) % words.length], c = words[(i * 5 + 11) % words.length];
  combos.push(`${a} ${b} ${c}`, `${a}${b}`, `${a.toUpperCase()}, ${b}! ${c}?`, `${a}\n${b}\t${c}`);
}

const sentences = [
  "Attention is all you need.", "Each token attends to every earlier token.",
  "Queries, keys and values are linear projections of the residual stream.",
  "softmax(QK^T / sqrt(d_k)) V", "The model's next-token prediction was 'Paris' (p=0.93).",
  "In 1905, Einstein published four papers.", "He said: \"It's 5 o'clock somewhere!\"",
  "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.",
  "Il était une fois une princesse qui s'appelait Blanche-Neige.",
  "Der schnelle braune Fuchs springt über den faulen Hund.", "¿Dónde está la biblioteca? ¡Aquí!",
  "Mr. Smith's car costs $12,500 (approx. €11,000).", "e.g., i.e., etc., vs. — and so on…",
  "OpenAI's GPT-2 was released in 2019; BERT in 2018.", "BERT uses [CLS] and [SEP]; GPT-2 uses <|endoftext|>.",
  "The weather today is 23°C and sunny ☀️.", "Temperature: -5°F → 20°C ≈ 68°F",
  "I paid 3×$4.99 = $14.97", "Email me at first.last+tag@sub.example.co.uk!",
  "Pixels: 1920×1080 @ 60Hz", "50% off!!! Limited time only!!!", "#1 best-seller, 5/5 stars ★★★★★",
  "   Multiple   spaces   between   words   ", "Tabs\tand\nnewlines\r\nmixed \t \n together",
  "```python\nprint('hi')\n```", "| col1 | col2 |\n|------|------|\n| a    | b    |",
  "- item one\n- item two\n  - nested", "1. first\n2. second\n3. third",
  "A long sentence that goes on and on, with clauses, sub-clauses, and parenthetical remarks (like this one), until it finally ends.",
];

export const strings = [...new Set([...handWritten, ...spaces, ...numbers, ...combos, ...sentences])];
