<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name></name>
    <message>
        <source>aim for less than %1</source>
        <translation>Ziel: weniger als %1</translation>
    </message>
    <message>
        <source>aim for at most %1</source>
        <translation>Ziel: höchstens %1</translation>
    </message>
    <message>
        <source>aim for more than %1</source>
        <translation>Ziel: mehr als %1</translation>
    </message>
    <message>
        <source>aim for at least %1</source>
        <translation>Ziel: mindestens %1</translation>
    </message>
    <message>
        <source>aim for %1</source>
        <translation>Ziel: %1</translation>
    </message>
    <message>
        <source>aim for anything but %1</source>
        <translation>Ziel: alles außer %1</translation>
    </message>
    <message>
        <source>“%1”</source>
        <translation>„%1“</translation>
    </message>
    <message>
        <source>the last token</source>
        <translation>das letzte Token</translation>
    </message>
    <message>
        <source>token %1</source>
        <translation>Token %1</translation>
    </message>
    <message>
        <source>the last token (“%1”)</source>
        <translation>das letzte Token („%1“)</translation>
    </message>
    <message>
        <source>token %1 (“%2”)</source>
        <translation>Token %1 („%2“)</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>%1 in head %2</source>
        <translation>%1 in Head %2</translation>
    </message>
    <message>
        <source>the attention of %1 to %2</source>
        <translation>die Attention von %1 auf %2</translation>
    </message>
    <message>
        <source>the score of %1 for %2</source>
        <translation>der Score von %1 für %2</translation>
    </message>
    <message>
        <source>component %1 of the query of %2</source>
        <translation>Komponente %1 der Query von %2</translation>
    </message>
    <message>
        <source>component %1 of the key of %2</source>
        <translation>Komponente %1 des Keys von %2</translation>
    </message>
    <message>
        <source>component %1 of the value of %2</source>
        <translation>Komponente %1 des Values von %2</translation>
    </message>
    <message>
        <source>component %1 of the output of %2</source>
        <translation>Komponente %1 der Ausgabe von %2</translation>
    </message>
    <message>
        <source>component %1 of the embedding of %2</source>
        <translation>Komponente %1 des Embeddings von %2</translation>
    </message>
    <message>
        <source>minus %1</source>
        <translation>minus %1</translation>
    </message>
    <message>
        <source>%1 plus %2</source>
        <translation>%1 plus %2</translation>
    </message>
    <message>
        <source>%1 minus %2</source>
        <translation>%1 minus %2</translation>
    </message>
    <message>
        <source>%1 times %2</source>
        <translation>%1 mal %2</translation>
    </message>
    <message>
        <source>%1 divided by %2</source>
        <translation>%1 geteilt durch %2</translation>
    </message>
    <message>
        <source>%1 (give or take %2)</source>
        <translation>%1 (± %2)</translation>
    </message>
    <message>
        <source>%1: %2 (%3)</source>
        <translation>%1: %2 (%3)</translation>
    </message>
    <message>
        <source>%1: %2, now %3</source>
        <translation>%1: %2, jetzt %3</translation>
    </message>
    <message>
        <source>%1 as the key %2 attends to most</source>
        <translation>%1 als der Key, auf den %2 am meisten achtet</translation>
    </message>
    <message>
        <source>%1: it is (%2)</source>
        <translation>%1: ist es (%2)</translation>
    </message>
    <message>
        <source>%1: now %2 is (%3 against %4)</source>
        <translation>%1: jetzt ist es %2 (%3 gegenüber %4)</translation>
    </message>
</context>
<context>
    <name>AboutDialog</name>
    <message>
        <source>About QKV Lab</source>
        <translation>Über QKV Lab</translation>
    </message>
    <message>
        <source>See and teach self-attention.</source>
        <translation>Self-Attention sehen und lehren.</translation>
    </message>
    <message>
        <source>&amp;Colormaps:</source>
        <translation>&amp;Farbskalen:</translation>
    </message>
    <message>
        <source>The credits and licences of the colormaps</source>
        <translation>Urheber und Lizenzen der Farbskalen</translation>
    </message>
</context>
<context>
    <name>ArrowGraphAccessible</name>
    <message>
        <source>%1 attends to %2: %3</source>
        <translation>%1 achtet auf %2: %3</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>Gewicht</translation>
    </message>
    <message>
        <source>%1 attends to %2: %3 (head %4)</source>
        <translation>%1 achtet auf %2: %3 (Head %4)</translation>
    </message>
    <message>
        <source>%1 → %2 changed by %3 since “%4” (head %5)</source>
        <translation>%1 → %2 hat sich seit „%4“ um %3 geändert (Head %5)</translation>
    </message>
    <message>
        <source>%1 → %2 changed by %3 since “%4”</source>
        <translation>%1 → %2 hat sich seit „%4“ um %3 geändert</translation>
    </message>
    <message>
        <source>change</source>
        <translation>Änderung</translation>
    </message>
</context>
<context>
    <name>ArrowGraphFigure</name>
    <message>
        <source>query</source>
        <translation>Query</translation>
    </message>
    <message>
        <source>key</source>
        <translation>Key</translation>
    </message>
    <message>
        <source>Unlock “%1”  ×</source>
        <translation>„%1“ freigeben  ×</translation>
    </message>
    <message>
        <source>No tokens: type a sentence</source>
        <translation>Keine Tokens: bitte einen Satz eingeben</translation>
    </message>
    <message>
        <source>a → b: a attends to b</source>
        <translation>a → b: a achtet auf b</translation>
    </message>
    <message>
        <source>a → b: a attends to b · above: to a later word · below: to an earlier word</source>
        <translation>a → b: a achtet auf b · oben: auf ein späteres Wort · unten: auf ein früheres Wort</translation>
    </message>
    <message>
        <source>%1 of %2 edges</source>
        <translation>%1 von %2 Kanten</translation>
    </message>
    <message>
        <source>weight ≥ %1</source>
        <translation>Gewicht ≥ %1</translation>
    </message>
    <message>
        <source>top %1 per query</source>
        <translation>Top %1 je Query</translation>
    </message>
    <message>
        <source>%1% of each row</source>
        <translation>%1% jeder Zeile</translation>
    </message>
    <message>
        <source>opacity × %1 (dense)</source>
        <translation>Deckkraft × %1 (dicht)</translation>
    </message>
    <message>
        <source>head %1 of %2</source>
        <translation>Head %1 von %2</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>Head %1</translation>
    </message>
    <message>
        <source>weight:</source>
        <translation>Gewicht:</translation>
    </message>
    <message>
        <source>a → b: how a&apos;s attention to b changed since “%1”</source>
        <translation>a → b: wie sich die Attention von a auf b seit „%1“ geändert hat</translation>
    </message>
    <message>
        <source>a → b: how a&apos;s attention to b changed since “%1” · above: to a later word · below: to an earlier word</source>
        <translation>a → b: wie sich die Attention von a auf b seit „%1“ geändert hat · oben: auf ein späteres Wort · unten: auf ein früheres Wort</translation>
    </message>
    <message>
        <source>%1 of %2 changed edges</source>
        <translation>%1 von %2 geänderten Kanten</translation>
    </message>
    <message>
        <source>largest change ±%1</source>
        <translation>größte Änderung ±%1</translation>
    </message>
    <message>
        <source>|Δ| ≥ %1</source>
        <translation>|Δ| ≥ %1</translation>
    </message>
    <message>
        <source>gained</source>
        <translation>gewonnen</translation>
    </message>
    <message>
        <source>lost</source>
        <translation>verloren</translation>
    </message>
    <message>
        <source>|Δ|:</source>
        <translation>|Δ|:</translation>
    </message>
    <message>
        <source>head %1 of %2, switched off</source>
        <translation>Head %1 von %2, abgeschaltet</translation>
    </message>
</context>
<context>
    <name>CommandText</name>
    <message>
        <source>query of %1</source>
        <translation>Query von %1</translation>
    </message>
    <message>
        <source>key of %1</source>
        <translation>Key von %1</translation>
    </message>
    <message>
        <source>value of %1</source>
        <translation>Value von %1</translation>
    </message>
    <message>
        <source>embedding of %1</source>
        <translation>Embedding von %1</translation>
    </message>
    <message>
        <source>attention weights</source>
        <translation>Attention-Gewichte</translation>
    </message>
    <message>
        <source>x%1 of %2</source>
        <translation>x%1 von %2</translation>
    </message>
    <message>
        <source>‘%1’</source>
        <translation>‚%1‘</translation>
    </message>
    <message>
        <source>Drag %1 to %2</source>
        <translation>%1 auf %2 ziehen</translation>
    </message>
    <message>
        <source>Set %1 to %2</source>
        <translation>%1 auf %2 setzen</translation>
    </message>
    <message>
        <source>Drag %1</source>
        <translation>%1 ziehen</translation>
    </message>
    <message numerus="yes">
        <source>Set %n values of %1</source>
        <translation>
            <numerusform>%n Wert von %1 setzen</numerusform>
            <numerusform>%n Werte von %1 setzen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Set %n values</source>
        <translation>
            <numerusform>%n Wert setzen</numerusform>
            <numerusform>%n Werte setzen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 auf %2</translation>
    </message>
    <message>
        <source>mode</source>
        <translation>Modus</translation>
    </message>
    <message>
        <source>heads</source>
        <translation>Heads</translation>
    </message>
    <message>
        <source>dimension d</source>
        <translation>Dimension d</translation>
    </message>
    <message>
        <source>scoring</source>
        <translation>Score-Berechnung</translation>
    </message>
    <message>
        <source>normalization</source>
        <translation>Normalisierung</translation>
    </message>
    <message>
        <source>temperature</source>
        <translation>Temperatur</translation>
    </message>
    <message>
        <source>mask</source>
        <translation>Maske</translation>
    </message>
    <message>
        <source>tokenizer</source>
        <translation>Tokenizer</translation>
    </message>
    <message>
        <source>d_model</source>
        <translation>d_model</translation>
    </message>
    <message>
        <source>positions</source>
        <translation>Positionen</translation>
    </message>
    <message>
        <source>vectors</source>
        <translation>Vektoren</translation>
    </message>
    <message>
        <source>Change settings</source>
        <translation>Einstellungen ändern</translation>
    </message>
    <message>
        <source>Set %1</source>
        <translation>%1 setzen</translation>
    </message>
    <message>
        <source>Type “%1”</source>
        <translation>„%1“ eingeben</translation>
    </message>
    <message>
        <source>Delete “%1”</source>
        <translation>„%1“ löschen</translation>
    </message>
    <message>
        <source>Replace “%1” with “%2”</source>
        <translation>„%1“ durch „%2“ ersetzen</translation>
    </message>
    <message>
        <source>Mask %1 → %2</source>
        <translation>%1 → %2 maskieren</translation>
    </message>
    <message>
        <source>Unmask %1 → %2</source>
        <translation>Maske von %1 → %2 aufheben</translation>
    </message>
    <message>
        <source>precision</source>
        <translation>Genauigkeit</translation>
    </message>
    <message>
        <source>softmax</source>
        <translation>Softmax</translation>
    </message>
    <message>
        <source>%1 in head %2</source>
        <translation>%1 in Head %2</translation>
    </message>
    <message>
        <source>query q%1 of %2</source>
        <translation>Query q%1 von %2</translation>
    </message>
    <message>
        <source>key k%1 of %2</source>
        <translation>Key k%1 von %2</translation>
    </message>
    <message>
        <source>value v%1 of %2</source>
        <translation>Value v%1 von %2</translation>
    </message>
    <message>
        <source>%1 (token %2)</source>
        <translation>%1 (Token %2)</translation>
    </message>
</context>
<context>
    <name>ContributionsAccessible</name>
    <message>
        <source>%1: %2 % of %3’s output</source>
        <translation>%1: %2 % der Ausgabe von %3</translation>
    </message>
    <message>
        <source>share of the output</source>
        <translation>Anteil an der Ausgabe</translation>
    </message>
</context>
<context>
    <name>ContributionsFigure</name>
    <message>
        <source>output o</source>
        <translation>Ausgabe o</translation>
    </message>
    <message>
        <source>Type a sentence to see where its outputs come from.</source>
        <translation>Geben Sie einen Satz ein, um zu sehen, woher seine Ausgaben kommen.</translation>
    </message>
    <message>
        <source>Where the output of “%1” comes from (head %2): o = Σ a·v</source>
        <translation>Woher die Ausgabe von „%1“ kommt (Head %2): o = Σ a·v</translation>
    </message>
    <message>
        <source>other keys  %1</source>
        <translation>übrige Keys  %1</translation>
    </message>
    <message>
        <source>Where the output of “%1” comes from, through W_O (every head): o = Σ a·v·W_O</source>
        <translation>Woher die Ausgabe von „%1“ kommt, durch W_O (alle Köpfe): o = Σ a·v·W_O</translation>
    </message>
</context>
<context>
    <name>Difference</name>
    <message>
        <source>Tokens: %1 in “%2”, %3 in this sentence. A difference needs the same number of tokens.</source>
        <translation>Tokens: %1 in „%2“, %3 in diesem Satz. Ein Unterschied braucht gleich viele Tokens.</translation>
    </message>
    <message>
        <source>“%1” has no head %2 to compare with (heads there: %3).</source>
        <translation>„%1“ hat keinen Kopf %2 zum Vergleich (Köpfe dort: %3).</translation>
    </message>
    <message>
        <source>“%1” has no weights to compare with yet.</source>
        <translation>„%1“ hat noch keine Gewichte zum Vergleich.</translation>
    </message>
    <message>
        <source>Keys: %1 in “%2”, %3 in this second sentence. A difference needs the same number of keys.</source>
        <translation>Keys: %1 in „%2“, %3 in diesem zweiten Satz. Ein Unterschied braucht gleich viele Keys.</translation>
    </message>
</context>
<context>
    <name>DistributionAccessible</name>
    <message>
        <source>%1 does not see %2: masked</source>
        <translation>%1 sieht %2 nicht: maskiert</translation>
    </message>
    <message>
        <source>%1 attends to %2: %3</source>
        <translation>%1 achtet auf %2: %3</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>Gewicht</translation>
    </message>
</context>
<context>
    <name>DistributionFigure</name>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>%1: masked (left out of the row&apos;s normalization)</source>
        <translation>%1: maskiert (bei der Normalisierung der Zeile ausgelassen)</translation>
    </message>
    <message>
        <source>No attention to show</source>
        <translation>Keine Attention zum Anzeigen</translation>
    </message>
    <message>
        <source>Type a sentence to see its attention weights.</source>
        <translation>Geben Sie einen Satz ein, um seine Attention-Gewichte zu sehen.</translation>
    </message>
    <message>
        <source>attention weight</source>
        <translation>Attention-Gewicht</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>Gewicht</translation>
    </message>
    <message>
        <source>masked</source>
        <translation>maskiert</translation>
    </message>
    <message>
        <source>%1: masked</source>
        <translation>%1: maskiert</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: weight %L2</source>
        <translation>%1: Gewicht %L2</translation>
    </message>
    <message>
        <source>%1: weight %L2 (raw score %L3)</source>
        <translation>%1: Gewicht %L2 (Rohwert %L3)</translation>
    </message>
    <message>
        <source>%L1 in “%2”</source>
        <translation>%L1 in „%2“</translation>
    </message>
    <message>
        <source>“%1”</source>
        <translation>„%1“</translation>
    </message>
    <message>
        <source>head %1, switched off</source>
        <translation>Head %1, abgeschaltet</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>Head %1</translation>
    </message>
    <message>
        <source>Who attends to “%1” (key %2, %3)</source>
        <translation>Wer auf „%1“ achtet (Key %2, %3)</translation>
    </message>
    <message>
        <source>What “%1” attends to (query %2, %3)</source>
        <translation>Worauf „%1“ achtet (Query %2, %3)</translation>
    </message>
    <message>
        <source>%1, sorted by weight</source>
        <translation>%1, nach Gewicht sortiert</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <source>&amp;Figure</source>
        <translation>&amp;Grafik</translation>
    </message>
    <message>
        <source>&amp;View:</source>
        <translation>&amp;Ansicht:</translation>
    </message>
    <message>
        <source>Which view to export, as it looks in the window now (head, selected token, colormap, filters)</source>
        <translation>Welche Ansicht exportiert wird, so wie sie jetzt im Fenster aussieht (Head, ausgewähltes Token, Farbskala, Filter)</translation>
    </message>
    <message>
        <source>F&amp;ormat:</source>
        <translation>&amp;Format:</translation>
    </message>
    <message>
        <source>PNG for slides and the web, SVG and PDF for papers (vector: sharp at any size)</source>
        <translation>PNG für Folien und das Web, SVG und PDF für Veröffentlichungen (Vektorgrafik: in jeder Größe scharf)</translation>
    </message>
    <message>
        <source>&amp;Width:</source>
        <translation>&amp;Breite:</translation>
    </message>
    <message>
        <source>Width of the figure in logical pixels (1/96 inch)</source>
        <translation>Breite der Grafik in logischen Pixeln (1/96 Zoll)</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source>&amp;Height:</source>
        <translation>&amp;Höhe:</translation>
    </message>
    <message>
        <source>Height of the figure in logical pixels; &quot;auto&quot; lets the view choose for the width</source>
        <translation>Höhe der Grafik in logischen Pixeln; bei „auto“ wählt die Ansicht die passende Höhe zur Breite</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>auto</translation>
    </message>
    <message>
        <source>&amp;Scale:</source>
        <translation>&amp;Skalierung:</translation>
    </message>
    <message>
        <source>PNG pixels per logical pixel: 2 for sharp slides on high-density screens (the DPI is written into the file)</source>
        <translation>PNG-Pixel je logischem Pixel: 2 für scharfe Folien auf Bildschirmen mit hoher Pixeldichte (der DPI-Wert wird in die Datei geschrieben)</translation>
    </message>
    <message>
        <source> ×</source>
        <translation> ×</translation>
    </message>
    <message>
        <source>&amp;Text size:</source>
        <translation>&amp;Textgröße:</translation>
    </message>
    <message>
        <source>Height of the figure&apos;s text in logical pixels; &quot;auto&quot; grows it with the figure (2.5 % of the shorter side, never below the desktop&apos;s), readable from the back of a room</source>
        <translation>Höhe des Texts der Grafik in logischen Pixeln; bei „auto“ wächst er mit der Grafik (2,5 % der kürzeren Seite, nie kleiner als die Schrift des Desktops) und bleibt so auch in der letzten Reihe eines Hörsaals lesbar</translation>
    </message>
    <message>
        <source>Co&amp;lours:</source>
        <translation>Fa&amp;rben:</translation>
    </message>
    <message>
        <source>Weights 0 to 1</source>
        <translation>Gewichte 0 bis 1</translation>
    </message>
    <message>
        <source>0 to the largest weight</source>
        <translation>0 bis zum größten Gewicht</translation>
    </message>
    <message>
        <source>Text as &amp;outlines</source>
        <translation>Text als &amp;Umrisse</translation>
    </message>
    <message>
        <source>SVG: write letters as shapes, so the figure looks the same where its fonts are missing (the text can then not be edited)</source>
        <translation>SVG: schreibt Buchstaben als Formen, damit die Grafik auch dort gleich aussieht, wo ihre Schriften fehlen (der Text ist dann nicht mehr bearbeitbar)</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Kopieren</translation>
    </message>
    <message>
        <source>Copy the figure to the clipboard as PNG and SVG at once</source>
        <translation>Kopiert die Grafik als PNG und SVG zugleich in die Zwischenablage</translation>
    </message>
    <message>
        <source>&amp;Save…</source>
        <translation>S&amp;peichern…</translation>
    </message>
    <message>
        <source>Save the figure to a file</source>
        <translation>Speichert die Grafik in einer Datei</translation>
    </message>
    <message>
        <source>Preview of the exported figure</source>
        <translation>Vorschau der exportierten Grafik</translation>
    </message>
    <message>
        <source>&amp;Numbers</source>
        <translation>&amp;Zahlen</translation>
    </message>
    <message>
        <source>N&amp;umbers:</source>
        <translation>Zahl&amp;en:</translation>
    </message>
    <message>
        <source>Which numbers: the weights A, the raw scores S, the outputs O = A·V, Q, K or V, or the worked computation of the selected token</source>
        <translation>Welche Zahlen: die Gewichte A, die Rohwerte S, die Ausgaben O = A·V, Q, K oder V oder der Rechenweg des ausgewählten Tokens</translation>
    </message>
    <message>
        <source>&amp;As:</source>
        <translation>A&amp;ls:</translation>
    </message>
    <message>
        <source>CSV for a spreadsheet, Markdown for notes, LaTeX (tabular or bmatrix) for a paper</source>
        <translation>CSV für eine Tabellenkalkulation, Markdown für Notizen, LaTeX (tabular oder bmatrix) für eine Veröffentlichung</translation>
    </message>
    <message>
        <source>&amp;Decimals:</source>
        <translation>&amp;Nachkommastellen:</translation>
    </message>
    <message>
        <source>How many decimals every number has; auto keeps every digit in CSV, 6 in Markdown and LaTeX tables and 3 in the worked computation</source>
        <translation>Wie viele Nachkommastellen jede Zahl hat; „auto“ behält in CSV alle Stellen, in Markdown- und LaTeX-Tabellen 6 und im Rechenweg 3</translation>
    </message>
    <message>
        <source>The current head only, or every head</source>
        <translation>Nur der aktuelle Head oder alle Heads</translation>
    </message>
    <message>
        <source>Current head</source>
        <translation>Aktueller Head</translation>
    </message>
    <message>
        <source>All heads</source>
        <translation>Alle Heads</translation>
    </message>
    <message>
        <source>Cop&amp;y</source>
        <translation>K&amp;opieren</translation>
    </message>
    <message>
        <source>Copy the text below to the clipboard</source>
        <translation>Kopiert den Text unten in die Zwischenablage</translation>
    </message>
    <message>
        <source>Sa&amp;ve…</source>
        <translation>Spei&amp;chern…</translation>
    </message>
    <message>
        <source>Save the text below to a file</source>
        <translation>Speichert den Text unten in einer Datei</translation>
    </message>
    <message>
        <source>Heatmaps colour weights as the window does; from 0 to 1, so a nearly uniform row looks uniform; or from 0 to the largest weight, to tell small differences apart (the colour bar says which)</source>
        <translation>Heatmaps färben die Gewichte wie das Fenster; von 0 bis 1, sodass eine fast gleichmäßige Zeile gleichmäßig aussieht; oder von 0 bis zum größten Gewicht, um kleine Unterschiede zu erkennen (die Farbleiste sagt, welche Skala)</translation>
    </message>
    <message>
        <source>As in the window</source>
        <translation>Wie im Fenster</translation>
    </message>
</context>
<context>
    <name>FigureKindText</name>
    <message>
        <source>Heatmap</source>
        <translation>Heatmap</translation>
    </message>
    <message>
        <source>Arrow graph</source>
        <translation>Pfeildiagramm</translation>
    </message>
    <message>
        <source>Vector plot</source>
        <translation>Vektordiagramm</translation>
    </message>
    <message>
        <source>Distribution</source>
        <translation>Verteilung</translation>
    </message>
    <message>
        <source>Worked computation</source>
        <translation>Rechenweg</translation>
    </message>
    <message>
        <source>Heads grid</source>
        <translation>Head-Raster</translation>
    </message>
    <message>
        <source>Teaching figure (heatmap, arrows, caption)</source>
        <translation>Lehrgrafik (Heatmap, Pfeile, Bildunterschrift)</translation>
    </message>
    <message>
        <source>Contributions to the output</source>
        <translation>Beiträge zur Ausgabe</translation>
    </message>
</context>
<context>
    <name>FigureRenderer</name>
    <message>
        <source>%1 — Δ since “%2”</source>
        <translation>%1 – Δ seit „%2“</translation>
    </message>
    <message>
        <source>A: snapshot “%1”</source>
        <translation>A: Schnappschuss „%1“</translation>
    </message>
    <message>
        <source>B: now</source>
        <translation>B: jetzt</translation>
    </message>
</context>
<context>
    <name>Glossary</name>
    <message>
        <source>Token</source>
        <translation>Token</translation>
    </message>
    <message>
        <source>One piece of the sentence: a word as the tokenizer splits it. Every row and column of the heatmap is a token.</source>
        <translation>Ein Stück des Satzes: ein Wort, so wie der Tokenizer es zerlegt. Jede Zeile und jede Spalte der Heatmap ist ein Token.</translation>
    </message>
    <message>
        <source>“The animal didn&apos;t” → The | animal | didn&apos;t</source>
        <translation>“The animal didn&apos;t” → The | animal | didn&apos;t</translation>
    </message>
    <message>
        <source>Query (q)</source>
        <translation>Query (q)</translation>
    </message>
    <message>
        <source>What a token is looking for. Its query is compared with every key to decide where the token looks.</source>
        <translation>Wonach ein Token sucht. Seine Query wird mit jedem Key verglichen; daraus ergibt sich, wohin das Token schaut.</translation>
    </message>
    <message>
        <source>q = the query vector of the token that attends</source>
        <translation>q = der Query-Vektor des Tokens, das Attention verteilt</translation>
    </message>
    <message>
        <source>Key (k)</source>
        <translation>Key (k)</translation>
    </message>
    <message>
        <source>What a token offers to be found by. A key that points the same way as a query gets a high score from it.</source>
        <translation>Das, woran ein Token gefunden werden kann. Ein Key, der in dieselbe Richtung zeigt wie eine Query, erhält von ihr einen hohen Score.</translation>
    </message>
    <message>
        <source>k = the key vector of the token attended to</source>
        <translation>k = der Key-Vektor des Tokens, das Attention erhält</translation>
    </message>
    <message>
        <source>Value (v)</source>
        <translation>Value (v)</translation>
    </message>
    <message>
        <source>What a token hands over once it is attended to. The output is a mix of the values, weighted by the attention.</source>
        <translation>Was ein Token weitergibt, sobald Attention auf es fällt. Die Ausgabe ist eine Mischung der Values, gewichtet mit der Attention.</translation>
    </message>
    <message>
        <source>v = the value vector passed on</source>
        <translation>v = der weitergegebene Value-Vektor</translation>
    </message>
    <message>
        <source>Score (S)</source>
        <translation>Score (S)</translation>
    </message>
    <message>
        <source>How well a query matches a key before any normalization: their dot product, the sum of the products of matching components.</source>
        <translation>Wie gut eine Query zu einem Key passt, vor jeder Normalisierung: ihr Skalarprodukt, also die Summe der Produkte einander entsprechender Komponenten.</translation>
    </message>
    <message>
        <source>S(i, j) = q_i · k_j = Σ q_i[c] · k_j[c]</source>
        <translation>S(i, j) = q_i · k_j = Σ q_i[c] · k_j[c]</translation>
    </message>
    <message>
        <source>Scaled dot product</source>
        <translation>Skaliertes Skalarprodukt</translation>
    </message>
    <message>
        <source>The score divided by the square root of the vector length d, so that long vectors do not give huge scores that make softmax pick a single key.</source>
        <translation>Der Score geteilt durch die Wurzel aus der Vektorlänge d, damit lange Vektoren keine riesigen Scores liefern, bei denen Softmax nur noch einen einzigen Key auswählt.</translation>
    </message>
    <message>
        <source>S(i, j) / √d</source>
        <translation>S(i, j) / √d</translation>
    </message>
    <message>
        <source>Softmax</source>
        <translation>Softmax</translation>
    </message>
    <message>
        <source>Turns a row of scores into weights that are positive and add up to 1: each score is exponentiated and divided by the sum. A larger score takes a larger share.</source>
        <translation>Macht aus einer Zeile von Scores Gewichte, die positiv sind und sich zu 1 summieren: Jeder Score wird exponenziert und durch die Summe geteilt. Ein größerer Score erhält einen größeren Anteil.</translation>
    </message>
    <message>
        <source>a(i, j) = e^S(i, j) / Σ_k e^S(i, k)</source>
        <translation>a(i, j) = e^S(i, j) / Σ_k e^S(i, k)</translation>
    </message>
    <message>
        <source>Temperature (T)</source>
        <translation>Temperatur (T)</translation>
    </message>
    <message>
        <source>Divides the scores before softmax. Below 1 it sharpens the weights towards the best key; above 1 it spreads them more evenly.</source>
        <translation>Teilt die Scores vor Softmax. Unter 1 schärft sie die Gewichte zum besten Key hin; über 1 verteilt sie sie gleichmäßiger.</translation>
    </message>
    <message>
        <source>a(i, j) = softmax(S(i, ·) / T)</source>
        <translation>a(i, j) = softmax(S(i, ·) / T)</translation>
    </message>
    <message>
        <source>Normalization</source>
        <translation>Normalisierung</translation>
    </message>
    <message>
        <source>How a row of scores becomes weights: scaled softmax (the usual), softmax, dividing by the row&apos;s sum (an early attempt that breaks on negative scores), or none (the raw scores).</source>
        <translation>Wie aus einer Zeile von Scores Gewichte werden: skalierte Softmax (der Normalfall), Softmax, Division durch die Zeilensumme (ein früher Ansatz, der bei negativen Scores versagt) oder keine (die Rohwerte).</translation>
    </message>
    <message>
        <source>sum: a(i, j) = S(i, j) / Σ_k S(i, k)</source>
        <translation>sum: a(i, j) = S(i, j) / Σ_k S(i, k)</translation>
    </message>
    <message>
        <source>Attention weight (a)</source>
        <translation>Attention-Gewicht (a)</translation>
    </message>
    <message>
        <source>How much one token takes from another: one cell of the heatmap, one arrow. Each row adds up to 1 after softmax.</source>
        <translation>Wie viel ein Token von einem anderen übernimmt: eine Zelle der Heatmap, ein Pfeil. Nach Softmax summiert sich jede Zeile zu 1.</translation>
    </message>
    <message>
        <source>a(i, j) = share of token j in the output of token i</source>
        <translation>a(i, j) = Anteil von Token j an der Ausgabe von Token i</translation>
    </message>
    <message>
        <source>Output (o)</source>
        <translation>Ausgabe (o)</translation>
    </message>
    <message>
        <source>What attention gives each token: the values of all tokens, mixed by its weights. It is what the next layer of a transformer works with.</source>
        <translation>Was Attention jedem Token liefert: die Values aller Tokens, gemischt nach seinen Gewichten. Damit arbeitet die nächste Schicht eines Transformers weiter.</translation>
    </message>
    <message>
        <source>o_i = Σ_j a(i, j) · v_j</source>
        <translation>o_i = Σ_j a(i, j) · v_j</translation>
    </message>
    <message>
        <source>Mask</source>
        <translation>Maske</translation>
    </message>
    <message>
        <source>Cells left out: a masked cell gets weight 0 and takes no part in its row&apos;s normalization. The causal mask hides every later token, as in a model that writes text left to right.</source>
        <translation>Ausgelassene Zellen: Eine maskierte Zelle erhält das Gewicht 0 und nimmt nicht an der Normalisierung ihrer Zeile teil. Die kausale Maske verbirgt jedes spätere Token, wie in einem Modell, das Text von links nach rechts schreibt.</translation>
    </message>
    <message>
        <source>causal: a(i, j) = 0 for j &gt; i</source>
        <translation>causal: a(i, j) = 0 für j &gt; i</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>Head</translation>
    </message>
    <message>
        <source>One independent set of queries, keys and values. Several heads look at the same sentence in different ways; their outputs are joined side by side.</source>
        <translation>Ein eigenständiges Bündel aus Queries, Keys und Values. Mehrere Heads betrachten denselben Satz auf unterschiedliche Weise; ihre Ausgaben werden nebeneinander aneinandergehängt.</translation>
    </message>
    <message>
        <source>output = [o_head 1 | o_head 2 | …]</source>
        <translation>Ausgabe = [o_head 1 | o_head 2 | …]</translation>
    </message>
    <message>
        <source>Key·key scoring</source>
        <translation>Score-Berechnung key·key</translation>
    </message>
    <message>
        <source>Compares keys with keys instead of queries with keys. The scores are then symmetric: a matches b exactly as much as b matches a, which is why real attention uses queries.</source>
        <translation>Vergleicht Keys mit Keys statt Queries mit Keys. Die Scores sind dann symmetrisch: a passt genauso gut zu b wie b zu a – deshalb verwendet echte Attention Queries.</translation>
    </message>
    <message>
        <source>S(i, j) = k_i · k_j = S(j, i)</source>
        <translation>S(i, j) = k_i · k_j = S(j, i)</translation>
    </message>
    <message>
        <source>Embedding (x)</source>
        <translation>Embedding (x)</translation>
    </message>
    <message>
        <source>A word&apos;s own vector before attention. Embedding scoring compares these directly; projection mode makes queries, keys and values from them.</source>
        <translation>Der eigene Vektor eines Worts vor der Attention. Die Score-Berechnung über Embeddings vergleicht diese Vektoren direkt; im Projektionsmodus entstehen aus ihnen Queries, Keys und Values.</translation>
    </message>
    <message>
        <source>x = the word&apos;s vector; S(i, j) = x_i · x_j</source>
        <translation>x = der Vektor des Worts; S(i, j) = x_i · x_j</translation>
    </message>
    <message>
        <source>Projection</source>
        <translation>Projektion</translation>
    </message>
    <message>
        <source>A matrix that turns an embedding into a query, key or value. Learning these matrices is how a transformer learns what to look for.</source>
        <translation>Eine Matrix, die aus einem Embedding eine Query, einen Key oder einen Value macht. Indem ein Transformer diese Matrizen lernt, lernt er, worauf er achten soll.</translation>
    </message>
    <message>
        <source>q = x · W_Q,  k = x · W_K,  v = x · W_V</source>
        <translation>q = x · W_Q,  k = x · W_K,  v = x · W_V</translation>
    </message>
    <message>
        <source>PCA (flatten to 2-D)</source>
        <translation>PCA (auf 2D abflachen)</translation>
    </message>
    <message>
        <source>Principal component analysis: the flat plane through the origin on which the vectors are most spread out. The vector plot shows vectors longer than 2 on that plane.</source>
        <translation>Hauptkomponentenanalyse (PCA): die Ebene durch den Ursprung, auf der die Vektoren am weitesten gestreut sind. Das Vektordiagramm zeigt Vektoren mit mehr als 2 Komponenten auf dieser Ebene.</translation>
    </message>
    <message>
        <source>plot point = (v · e₁, v · e₂), e₁ and e₂ the two main directions</source>
        <translation>Punkt im Diagramm = (v · e₁, v · e₂), mit e₁ und e₂ als den beiden Hauptrichtungen</translation>
    </message>
    <message>
        <source>Prediction</source>
        <translation>Vorhersage</translation>
    </message>
    <message>
        <source>What a real model expects: a language model like GPT-2 gives each possible next token a probability from the last token&apos;s final state; BERT does the same for each [MASK]. After an edit or a head switched off, each bar&apos;s mark is the model&apos;s own probability.</source>
        <translation>Was ein echtes Modell erwartet: Ein Sprachmodell wie GPT-2 gibt jedem möglichen nächsten Token eine Wahrscheinlichkeit, berechnet aus dem Endzustand des letzten Tokens; BERT tut dasselbe für jedes [MASK]. Nach einer Änderung oder mit einem abgeschalteten Head zeigt die Markierung an jedem Balken die ursprüngliche Wahrscheinlichkeit des Modells ohne Eingriff.</translation>
    </message>
    <message>
        <source>p(token) = softmax(h_last · W_vocabᵀ)</source>
        <translation>p(token) = softmax(h_last · W_vocabᵀ)</translation>
    </message>
    <message>
        <source>Switching a head off (ablation)</source>
        <translation>Einen Head abschalten (Ablation)</translation>
    </message>
    <message>
        <source>The head&apos;s output is made zero, as if it did nothing; every later layer and the prediction are computed again. If the prediction changes, the model relied on that head.</source>
        <translation>Die Ausgabe des Heads wird auf null gesetzt, als täte er nichts; alle späteren Schichten und die Vorhersage werden neu berechnet. Ändert sich die Vorhersage, hat sich das Modell auf diesen Head gestützt.</translation>
    </message>
    <message>
        <source>o_head = 0</source>
        <translation>o_head = 0</translation>
    </message>
    <message>
        <source>Glossary</source>
        <translation>Glossar</translation>
    </message>
    <message>
        <source>Every term the window uses, in plain words, with one formula each.</source>
        <translation>Jeder Begriff, den das Fenster verwendet, in einfachen Worten und mit je einer Formel.</translation>
    </message>
    <message>
        <source>Glossary: %1</source>
        <translation>Glossar: %1</translation>
    </message>
</context>
<context>
    <name>Goal</name>
    <message>
        <source>%1 divides by 0</source>
        <translation>%1 teilt durch 0</translation>
    </message>
    <message>
        <source>the sentence has no token %1 (it has %2)</source>
        <translation>der Satz hat kein Token %1 (er hat %2)</translation>
    </message>
    <message>
        <source>the sentence has no token “%1”</source>
        <translation>der Satz hat kein Token „%1“</translation>
    </message>
    <message>
        <source>the document has no head %1 (it has %2)</source>
        <translation>das Dokument hat keinen Head %1 (es hat %2)</translation>
    </message>
    <message>
        <source>embeddings have %1 components</source>
        <translation>Embeddings haben %1 Komponenten</translation>
    </message>
    <message>
        <source>these settings give no scores</source>
        <translation>diese Einstellungen ergeben keine Scores</translation>
    </message>
    <message>
        <source>the vectors have %1 components</source>
        <translation>die Vektoren haben %1 Komponenten</translation>
    </message>
    <message>
        <source>%1 = %2, the largest</source>
        <translation>%1 = %2, der größte</translation>
    </message>
    <message>
        <source>%1 = %2, but %3 = %4</source>
        <translation>%1 = %2, aber %3 = %4</translation>
    </message>
    <message>
        <source>%1, needs %2 %3%4</source>
        <translation>%1, verlangt %2 %3%4</translation>
    </message>
</context>
<context>
    <name>GoalSeek</name>
    <message>
        <source>query</source>
        <translation>Query</translation>
    </message>
    <message>
        <source>key</source>
        <translation>Key</translation>
    </message>
    <message>
        <source>query and key</source>
        <translation>Query und Key</translation>
    </message>
    <message>
        <source>Goal-seek changes the query and key vectors themselves: switch the document to direct mode</source>
        <translation>Die Zielwertsuche ändert die Query- und Key-Vektoren selbst: Stellen Sie das Dokument auf den direkten Modus um</translation>
    </message>
    <message>
        <source>Goal-seek works on query·key scores: set the scoring to query · key</source>
        <translation>Die Zielwertsuche arbeitet mit Query·Key-Scores: Stellen Sie die Score-Berechnung auf Query · Key</translation>
    </message>
    <message>
        <source>There is no head %1: the document has %2</source>
        <translation>Es gibt keinen Head %1: Das Dokument hat %2</translation>
    </message>
    <message>
        <source>There is no cell (%1, %2): the sentence has %3 tokens</source>
        <translation>Es gibt keine Zelle (%1, %2): Der Satz hat %3 Tokens</translation>
    </message>
    <message>
        <source>The target weight must be a number</source>
        <translation>Das Zielgewicht muss eine Zahl sein</translation>
    </message>
    <message>
        <source>The cell %1 → %2 is masked: its weight is 0 whatever the vectors</source>
        <translation>Die Zelle %1 → %2 ist maskiert: Ihr Gewicht ist 0, wie auch immer die Vektoren aussehen</translation>
    </message>
    <message>
        <source>The row sees only this key: its weight is always 1</source>
        <translation>Die Zeile sieht nur diesen Key: Sein Gewicht ist immer 1</translation>
    </message>
    <message>
        <source>A softmax weight stays below 1 while the row sees another key</source>
        <translation>Ein Softmax-Gewicht bleibt unter 1, solange die Zeile einen weiteren Key sieht</translation>
    </message>
    <message>
        <source>A softmax weight stays above 0 whatever the vectors</source>
        <translation>Ein Softmax-Gewicht bleibt über 0, wie auch immer die Vektoren aussehen</translation>
    </message>
    <message>
        <source>No change of the %1 within ±%2 reaches %3</source>
        <translation>Keine Änderung von %1 innerhalb von ±%2 erreicht %3</translation>
    </message>
    <message>
        <source> (&quot;%1&quot; is at %2 visible columns of this row, which share its key and its weight: at most 1/%2 each)</source>
        <translation> („%1“ steht in %2 sichtbaren Spalten dieser Zeile, die sich seinen Key und sein Gewicht teilen: höchstens je 1/%2)</translation>
    </message>
    <message>
        <source> (the key of &quot;%1&quot; lies within the convex hull of the row&apos;s other keys, so every query scores some other key as high: change the key instead)</source>
        <translation> (der Key von „%1“ liegt in der konvexen Hülle der übrigen Keys der Zeile, also bewertet jede Query einen anderen Key ebenso hoch: Ändern Sie stattdessen den Key)</translation>
    </message>
    <message>
        <source> (%1 visible columns of this row have this very key, and so one weight: at most 1/%1 each)</source>
        <translation> (%1 sichtbare Spalten dieser Zeile haben genau diesen Key und damit ein gemeinsames Gewicht: höchstens je 1/%1)</translation>
    </message>
    <message>
        <source>: the closest weight reachable is %1</source>
        <translation>: Das nächste erreichbare Gewicht ist %1</translation>
    </message>
    <message>
        <source>The search ended at %1, not at %2</source>
        <translation>Die Suche endete bei %1, nicht bei %2</translation>
    </message>
    <message>
        <source>Row %1 (%2) cannot be normalized now (its scores sum to 0): change a vector first</source>
        <translation>Zeile %1 (%2) lässt sich gerade nicht normalisieren (ihre Scores summieren sich zu 0): Ändern Sie zuerst einen Vektor</translation>
    </message>
    <message>
        <source>There is no cell (%1, %2): the attention has %3 queries and %4 keys</source>
        <translation>Es gibt keine Zelle (%1, %2): Die Attention hat %3 Queries und %4 Keys</translation>
    </message>
</context>
<context>
    <name>HeadScoresFigure</name>
    <message>
        <source>head</source>
        <translation>Head</translation>
    </message>
    <message>
        <source>layer</source>
        <translation>Schicht</translation>
    </message>
</context>
<context>
    <name>HeadsGridAccessible</name>
    <message>
        <source>head %1: no tokens</source>
        <translation>Head %1: keine Tokens</translation>
    </message>
    <message>
        <source>head %1: strongest %2 from %3 to %4</source>
        <translation>Head %1: stärkstes Gewicht %2 von %3 auf %4</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>Head %1</translation>
    </message>
    <message>
        <source>strongest weight</source>
        <translation>stärkstes Gewicht</translation>
    </message>
</context>
<context>
    <name>HeadsGridFigure</name>
    <message>
        <source>No tokens: type a sentence</source>
        <translation>Keine Tokens: bitte einen Satz eingeben</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>Head %1</translation>
    </message>
    <message>
        <source>score</source>
        <translation>Score</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>Gewicht</translation>
    </message>
    <message>
        <source>head %1 · %2 → %3 %4</source>
        <translation>Head %1 · %2 → %3 %4</translation>
    </message>
    <message>
        <source>head %1 · off</source>
        <translation>Head %1 · aus</translation>
    </message>
</context>
<context>
    <name>HeatmapAccessible</name>
    <message>
        <source>%1 does not see %2: masked</source>
        <translation>%1 sieht %2 nicht: maskiert</translation>
    </message>
    <message>
        <source>%1 scores %2: %3</source>
        <translation>Score von %1 für %2: %3</translation>
    </message>
    <message>
        <source>%1 attends to %2: %3</source>
        <translation>%1 achtet auf %2: %3</translation>
    </message>
    <message>
        <source>%1 and %2: hidden until you answer</source>
        <translation>%1 und %2: verborgen, bis Sie antworten</translation>
    </message>
    <message>
        <source>, changed by %1 since “%2”</source>
        <translation>, seit „%2“ um %1 geändert</translation>
    </message>
</context>
<context>
    <name>HeatmapFigure</name>
    <message>
        <source>score</source>
        <translation>Score</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>Gewicht</translation>
    </message>
    <message>
        <source>weight (0–1)</source>
        <translation>Gewicht (0–1)</translation>
    </message>
    <message>
        <source>weight (0–max)</source>
        <translation>Gewicht (0–max)</translation>
    </message>
    <message>
        <source>No tokens: type a sentence</source>
        <translation>Keine Tokens: bitte einen Satz eingeben</translation>
    </message>
    <message>
        <source>key</source>
        <translation>Key</translation>
    </message>
    <message>
        <source>query</source>
        <translation>Query</translation>
    </message>
    <message>
        <source>keys →</source>
        <translation>Keys →</translation>
    </message>
    <message>
        <source>queries ↓</source>
        <translation>Queries ↓</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>%1: masked (left out of the row&apos;s normalization), raw score %L2</source>
        <translation>%1: maskiert (bei der Normalisierung der Zeile ausgelassen), Rohwert %L2</translation>
    </message>
    <message>
        <source>%1: masked (left out of the row&apos;s normalization)</source>
        <translation>%1: maskiert (bei der Normalisierung der Zeile ausgelassen)</translation>
    </message>
    <message>
        <source>%1: weight %L2, raw score %L3</source>
        <translation>%1: Gewicht %L2, Rohwert %L3</translation>
    </message>
    <message>
        <source>%1: weight %L2</source>
        <translation>%1: Gewicht %L2</translation>
    </message>
    <message>
        <source>%1 → %2: hidden until you answer</source>
        <translation>%1 → %2: verborgen, bis Sie antworten</translation>
    </message>
    <message>
        <source>Δ score</source>
        <translation>Δ Score</translation>
    </message>
    <message>
        <source>Δ weight</source>
        <translation>Δ Gewicht</translation>
    </message>
    <message>
        <source>Δ %1 since “%2”</source>
        <translation>Δ %1 seit „%2“</translation>
    </message>
</context>
<context>
    <name>Invariance</name>
    <message>
        <source>The weights are given in this document: there are no queries or keys to transform</source>
        <translation>Die Gewichte sind in diesem Dokument vorgegeben: Es gibt keine Queries oder Keys zum Transformieren</translation>
    </message>
    <message>
        <source>The weights are given in this document: they belong to places, not words</source>
        <translation>Die Gewichte sind in diesem Dokument vorgegeben: Sie gehören zu Positionen, nicht zu Wörtern</translation>
    </message>
    <message>
        <source>The words in reverse order do not split into the same tokens again</source>
        <translation>Die Wörter in umgekehrter Reihenfolge ergeben nicht wieder dieselben Tokens</translation>
    </message>
    <message>
        <source>With %1 scores the keys enter every score otherwise than q·k: the weights move by up to %2.</source>
        <translation>Mit %1-Scores gehen die Keys anders als über q·k in jeden Score ein: Die Gewichte ändern sich um bis zu %2.</translation>
    </message>
    <message>
        <source>Each row&apos;s scores move together, by q·(1, …, 1) (up to %1), and softmax ignores what a whole row gains: the weights stay (largest change %2).</source>
        <translation>Die Scores jeder Zeile verschieben sich gemeinsam um q·(1, …, 1) (bis zu %1), und Softmax übergeht, was eine ganze Zeile hinzugewinnt: Die Gewichte bleiben (größte Änderung %2).</translation>
    </message>
    <message>
        <source>Each row&apos;s scores move together (up to %1), but %2 does not subtract the row&apos;s largest score: the weights move by up to %3.</source>
        <translation>Die Scores jeder Zeile verschieben sich gemeinsam (bis zu %1), aber %2 zieht den größten Score der Zeile nicht ab: Die Gewichte ändern sich um bis zu %3.</translation>
    </message>
    <message>
        <source>(2q)·(k/2) = q·k: the scores stay (largest change %1), and with them the weights and outputs.</source>
        <translation>(2q)·(k/2) = q·k: Die Scores bleiben (größte Änderung %1) und mit ihnen die Gewichte und Ausgaben.</translation>
    </message>
    <message>
        <source>With %1 scores the halved keys are not balanced by the doubled queries: the scores move by up to %2, the weights by up to %3.</source>
        <translation>Mit %1-Scores werden die halbierten Keys nicht durch die verdoppelten Queries ausgeglichen: Die Scores ändern sich um bis zu %2, die Gewichte um bis zu %3.</translation>
    </message>
    <message>
        <source>Turning queries and keys by the same rotation keeps every dot product, (qR)·(kR) = q·k: the scores stay (largest change %1), though the vector plot shows every query and key turned by 30°.</source>
        <translation>Dieselbe Drehung von Queries und Keys erhält jedes Skalarprodukt, (qR)·(kR) = q·k: Die Scores bleiben (größte Änderung %1), obwohl der Vektorplot jede Query und jeden Key um 30° gedreht zeigt.</translation>
    </message>
    <message>
        <source>Attention has no sense of order of its own: the reversed sentence gives the same weights, rows and columns reordered with the words (largest difference %1).</source>
        <translation>Attention kennt von sich aus keine Reihenfolge: Der umgekehrte Satz ergibt dieselben Gewichte, Zeilen und Spalten mit den Wörtern umsortiert (größter Unterschied %1).</translation>
    </message>
    <message>
        <source>The sinusoidal positions stay with the places, not the words: each word now carries another place&apos;s encoding, and the weights move by up to %1.</source>
        <translation>Die sinusförmigen Positionen bleiben bei den Stellen, nicht bei den Wörtern: Jedes Wort trägt nun die Kodierung einer anderen Stelle, und die Gewichte ändern sich um bis zu %1.</translation>
    </message>
    <message>
        <source>The causal mask stays with the places: a word that saw the words before it now sees those after it, and the weights move by up to %1.</source>
        <translation>Die kausale Maske bleibt bei den Stellen: Ein Wort, das die Wörter davor sah, sieht nun die danach, und die Gewichte ändern sich um bis zu %1.</translation>
    </message>
    <message>
        <source>The weights move by up to %1.</source>
        <translation>Die Gewichte ändern sich um bis zu %1.</translation>
    </message>
    <message>
        <source>%1 does not use the temperature: nothing moves.</source>
        <translation>%1 verwendet die Temperatur nicht: Nichts ändert sich.</translation>
    </message>
    <message>
        <source>Doubling the temperature divides every score by 2 inside the softmax: the weights move by up to %1, exactly as when every query is halved instead (largest difference %2); the raw scores stay, where halving the queries halves them too.</source>
        <translation>Die doppelte Temperatur teilt jeden Score innerhalb der Softmax durch 2: Die Gewichte ändern sich um bis zu %1, genau so, als würde stattdessen jede Query halbiert (größter Unterschied %2); die Rohwerte bleiben dabei, während halbierte Queries auch sie halbieren.</translation>
    </message>
    <message>
        <source>Add the same vector to every key</source>
        <translation>Denselben Vektor zu jedem Key addieren</translation>
    </message>
    <message>
        <source>Double the queries, halve the keys</source>
        <translation>Queries verdoppeln, Keys halbieren</translation>
    </message>
    <message>
        <source>Rotate queries and keys by 30°</source>
        <translation>Queries und Keys um 30° drehen</translation>
    </message>
    <message>
        <source>Reverse the words</source>
        <translation>Wörter umkehren</translation>
    </message>
    <message>
        <source>Double the temperature</source>
        <translation>Temperatur verdoppeln</translation>
    </message>
    <message>
        <source>Projection mode makes each key as x·W_K, with no bias to add to: switch to direct mode</source>
        <translation>Der Projektionsmodus bildet jeden Key als x·W_K, ohne Bias, zu dem sich etwas addieren ließe: Wechseln Sie in den direkten Modus</translation>
    </message>
    <message>
        <source>A rotation needs vectors of at least 2 dimensions</source>
        <translation>Eine Drehung braucht Vektoren mit mindestens 2 Dimensionen</translation>
    </message>
    <message>
        <source>Attention has no sense of order of its own: with both sentences reversed, the rows follow the first sentence&apos;s words and the columns the second&apos;s, and every weight is found again (largest difference %1).</source>
        <translation>Attention hat keinen eigenen Sinn für Reihenfolge: Mit beiden Sätzen umgekehrt folgen die Zeilen den Wörtern des ersten Satzes und die Spalten denen des zweiten, und jedes Gewicht findet sich wieder (größter Unterschied %1).</translation>
    </message>
</context>
<context>
    <name>LayersGridAccessible</name>
    <message>
        <source>layer %1</source>
        <translation>Schicht %1</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>Head %1</translation>
    </message>
</context>
<context>
    <name>LessonCheck</name>
    <message>
        <source>the sentence has no token “%1”</source>
        <translation>der Satz hat kein Token „%1“</translation>
    </message>
    <message>
        <source>the document has no head %1</source>
        <translation>das Dokument hat keinen Head %1</translation>
    </message>
    <message>
        <source>%1 is %2</source>
        <translation>%1 ist %2</translation>
    </message>
    <message>
        <source>%1 attends most to %2 (%3)</source>
        <translation>%1 achtet am meisten auf %2 (%3)</translation>
    </message>
    <message>
        <source>not answered in this document; %1</source>
        <translation>in diesem Dokument nicht beantwortet; %1</translation>
    </message>
    <message>
        <source>answered %1; %2</source>
        <translation>beantwortet mit %1; %2</translation>
    </message>
    <message>
        <source>not answered in this document</source>
        <translation>in diesem Dokument nicht beantwortet</translation>
    </message>
    <message>
        <source>answered %1; the answer is %2</source>
        <translation>beantwortet mit %1; richtig ist %2</translation>
    </message>
    <message>
        <source>no solution is stored</source>
        <translation>keine Lösung gespeichert</translation>
    </message>
    <message>
        <source>the solution cannot be applied: %1</source>
        <translation>die Lösung lässt sich nicht anwenden: %1</translation>
    </message>
    <message>
        <source>the step cannot be shown: %1</source>
        <translation>der Schritt lässt sich nicht zeigen: %1</translation>
    </message>
    <message>
        <source>the lesson runs a model, which is not open here</source>
        <translation>die Lektion führt ein Modell aus, das hier nicht geöffnet ist</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>QKV Lab</source>
        <translation>QKV Lab</translation>
    </message>
    <message>
        <source>&amp;Sentence:</source>
        <translation>&amp;Satz:</translation>
    </message>
    <message>
        <source>Type a sentence: tokens, tables and attention update as you type</source>
        <translation>Satz eingeben: Tokens, Tabellen und Attention werden schon beim Tippen aktualisiert</translation>
    </message>
    <message>
        <source>Type a sentence: words already known keep their vectors, new words get deterministic defaults</source>
        <translation>Satz eingeben: Bereits bekannte Wörter behalten ihre Vektoren, neue Wörter erhalten deterministische Standardwerte</translation>
    </message>
    <message>
        <source>Type a sentence…</source>
        <translation>Satz eingeben…</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <source>The tokens of the sentence: click one to select it everywhere</source>
        <translation>Die Tokens des Satzes: Ein Klick auf ein Token wählt es überall aus</translation>
    </message>
    <message>
        <source>The tokens of the sentence: click one to select it; Left and Right move the selection</source>
        <translation>Die Tokens des Satzes: Ein Klick wählt ein Token aus; die Pfeiltasten Links und Rechts verschieben die Auswahl</translation>
    </message>
    <message>
        <source>Attention heatmap</source>
        <translation>Attention-Heatmap</translation>
    </message>
    <message>
        <source>Attention weights: row = querying token, column = attended token</source>
        <translation>Attention-Gewichte: Zeile = anfragendes Token, Spalte = beachtetes Token</translation>
    </message>
    <message>
        <source>Two columns (queries left, keys right) or arcs over the sentence in reading order</source>
        <translation>Zwei Spalten (Queries links, Keys rechts) oder Bögen über dem Satz in Leserichtung</translation>
    </message>
    <message>
        <source>Columns</source>
        <translation>Spalten</translation>
    </message>
    <message>
        <source>Arcs</source>
        <translation>Bögen</translation>
    </message>
    <message>
        <source>The current head only, or every head in its own colour</source>
        <translation>Nur der aktuelle Head oder jeder Head in eigener Farbe</translation>
    </message>
    <message>
        <source>Current head</source>
        <translation>Aktueller Head</translation>
    </message>
    <message>
        <source>All heads</source>
        <translation>Alle Heads</translation>
    </message>
    <message>
        <source>Smallest weight drawn</source>
        <translation>Kleinstes gezeichnetes Gewicht</translation>
    </message>
    <message>
        <source>Hide edges whose weight is below this (0 shows every edge)</source>
        <translation>Blendet Kanten aus, deren Gewicht unter diesem Wert liegt (0 zeigt alle Kanten)</translation>
    </message>
    <message>
        <source>≥ </source>
        <translation>≥ </translation>
    </message>
    <message>
        <source>Strongest edges drawn per query</source>
        <translation>Gezeichnete stärkste Kanten je Query</translation>
    </message>
    <message>
        <source>Keep only the k strongest edges of each query (all: every edge)</source>
        <translation>Behält nur die k stärksten Kanten jeder Query („alle“: jede Kante)</translation>
    </message>
    <message>
        <source>top </source>
        <translation>Top </translation>
    </message>
    <message>
        <source>all</source>
        <translation>alle</translation>
    </message>
    <message>
        <source>Share of each query&apos;s weight drawn</source>
        <translation>Gezeichneter Anteil am Gewicht jeder Query</translation>
    </message>
    <message>
        <source>Keep the strongest edges that together carry this share of each query&apos;s attention (100 %: every edge)</source>
        <translation>Behält die stärksten Kanten, die zusammen diesen Anteil an der Attention jeder Query tragen (100 %: jede Kante)</translation>
    </message>
    <message>
        <source> % mass</source>
        <translation> % Masse</translation>
    </message>
    <message>
        <source>Arrow graph</source>
        <translation>Pfeildiagramm</translation>
    </message>
    <message>
        <source>a → b: a attends to b. Hover a token to isolate its arrows, click to lock it</source>
        <translation>a → b: a achtet auf b. Mauszeiger über ein Token halten, um nur seine Pfeile zu sehen; klicken, um es zu fixieren</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Design</translation>
    </message>
    <message>
        <source>&amp;Model</source>
        <translation>&amp;Modell</translation>
    </message>
    <message>
        <source>E&amp;xamples</source>
        <translation>B&amp;eispiele</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>Toolbar</source>
        <translation>Werkzeugleiste</translation>
    </message>
    <message>
        <source>Vectors</source>
        <translation>Vektoren</translation>
    </message>
    <message>
        <source>Q | K | V</source>
        <translation>Q | K | V</translation>
    </message>
    <message>
        <source>Each word&apos;s query, key and value vectors: type, paste, or drag a number sideways</source>
        <translation>Query-, Key- und Value-Vektoren jedes Worts: Zahlen eintippen, einfügen oder seitwärts ziehen</translation>
    </message>
    <message>
        <source>Query, key and value vectors</source>
        <translation>Query-, Key- und Value-Vektoren</translation>
    </message>
    <message>
        <source>Outputs</source>
        <translation>Ausgaben</translation>
    </message>
    <message>
        <source>Each word&apos;s output vector in the current head: the weighted sum of the values (computed, read-only)</source>
        <translation>Der Ausgabevektor jedes Worts im aktuellen Head: die gewichtete Summe der Values (berechnet, schreibgeschützt)</translation>
    </message>
    <message>
        <source>Embeddings</source>
        <translation>Embeddings</translation>
    </message>
    <message>
        <source>Projection mode: each word&apos;s embedding x</source>
        <translation>Projektionsmodus: das Embedding x jedes Worts</translation>
    </message>
    <message>
        <source>W_Q | W_K | W_V</source>
        <translation>W_Q | W_K | W_V</translation>
    </message>
    <message>
        <source>Projection mode: the matrices that turn embeddings into queries, keys and values</source>
        <translation>Projektionsmodus: die Matrizen, die aus Embeddings Queries, Keys und Values machen</translation>
    </message>
    <message>
        <source>Projection matrices W_Q, W_K, W_V</source>
        <translation>Projektionsmatrizen W_Q, W_K, W_V</translation>
    </message>
    <message>
        <source>W_O</source>
        <translation>W_O</translation>
    </message>
    <message>
        <source>Projection mode: the output projection applied to the concatenated heads</source>
        <translation>Projektionsmodus: die Ausgabeprojektion, angewandt auf die aneinandergehängten Heads</translation>
    </message>
    <message>
        <source>Output projection W_O</source>
        <translation>Ausgabeprojektion W_O</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>Attention</translation>
    </message>
    <message>
        <source>The attention weights of the current head (editable in weights mode)</source>
        <translation>Die Attention-Gewichte des aktuellen Heads (im Gewichtsmodus bearbeitbar)</translation>
    </message>
    <message>
        <source>Attention weights</source>
        <translation>Attention-Gewichte</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Attention settings</source>
        <translation>Attention-Einstellungen</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>A real model&apos;s layers and heads: choose what every view shows</source>
        <translation>Schichten und Heads eines echten Modells: Hier wird gewählt, was jede Ansicht zeigt</translation>
    </message>
    <message>
        <source>Prediction</source>
        <translation>Vorhersage</translation>
    </message>
    <message>
        <source>Heads</source>
        <translation>Heads</translation>
    </message>
    <message>
        <source>Heads grid</source>
        <translation>Head-Raster</translation>
    </message>
    <message>
        <source>Every head&apos;s attention side by side: click one to show it everywhere</source>
        <translation>Die Attention aller Heads nebeneinander: Ein Klick auf einen Head zeigt ihn überall</translation>
    </message>
    <message>
        <source>Worked computation</source>
        <translation>Rechenweg</translation>
    </message>
    <message>
        <source>Every step of the selected token&apos;s attention, with its numbers; copy it as Markdown or LaTeX</source>
        <translation>Jeder Schritt der Attention des ausgewählten Tokens mit allen Zahlen; als Markdown oder LaTeX kopierbar</translation>
    </message>
    <message>
        <source>Vector plot</source>
        <translation>Vektordiagramm</translation>
    </message>
    <message>
        <source>Q, K and V of the current head as points: drag one to change its vector; right-click for axes and roles</source>
        <translation>Q, K und V des aktuellen Heads als Punkte: Einen Punkt ziehen, um seinen Vektor zu ändern; Rechtsklick für Achsen und Rollen</translation>
    </message>
    <message>
        <source>Distribution</source>
        <translation>Verteilung</translation>
    </message>
    <message>
        <source>S&amp;orted by weight</source>
        <translation>Nach Gewicht s&amp;ortiert</translation>
    </message>
    <message>
        <source>Sort the bars by weight instead of sentence order</source>
        <translation>Sortiert die Balken nach Gewicht statt in Satzreihenfolge</translation>
    </message>
    <message>
        <source>Attention distribution</source>
        <translation>Attention-Verteilung</translation>
    </message>
    <message>
        <source>The selected query&apos;s weights; click a bar to point at it, double-click to make it the query</source>
        <translation>Die Gewichte der ausgewählten Query; Klick auf einen Balken hebt sein Token hervor, Doppelklick macht es zur Query</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>Undo history</source>
        <translation>Bearbeitungsverlauf</translation>
    </message>
    <message>
        <source>Every edit; click one to go back to it</source>
        <translation>Jede Änderung; ein Klick auf eine Änderung kehrt zu ihr zurück</translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation>&amp;Neu</translation>
    </message>
    <message>
        <source>Start an empty document</source>
        <translation>Beginnt ein leeres Dokument</translation>
    </message>
    <message>
        <source>Open &amp;Model…</source>
        <translation>&amp;Modell öffnen…</translation>
    </message>
    <message>
        <source>Run a transformer checkpoint from a folder (config.json, safetensors, tokenizer) on the sentence</source>
        <translation>Führt ein Transformer-Modell aus einem Ordner (config.json, safetensors, Tokenizer) auf dem Satz aus</translation>
    </message>
    <message>
        <source>Run a transformer checkpoint from a folder on the sentence you type</source>
        <translation>Führt ein Transformer-Modell aus einem Ordner auf dem eingegebenen Satz aus</translation>
    </message>
    <message>
        <source>Switch &amp;Head Off</source>
        <translation>&amp;Head abschalten</translation>
    </message>
    <message>
        <source>Make the shown head&apos;s output zero in the model and see what it then predicts</source>
        <translation>Setzt die Ausgabe des angezeigten Heads im Modell auf null und zeigt, was das Modell dann vorhersagt</translation>
    </message>
    <message>
        <source>Reset &amp;Layer</source>
        <translation>&amp;Schicht zurücksetzen</translation>
    </message>
    <message>
        <source>Give the shown layer its model&apos;s own queries, keys and values back, and its heads on</source>
        <translation>Gibt der angezeigten Schicht die ursprünglichen Queries, Keys und Values des Modells zurück und schaltet ihre Heads wieder ein</translation>
    </message>
    <message>
        <source>Reset &amp;All Layers</source>
        <translation>&amp;Alle Schichten zurücksetzen</translation>
    </message>
    <message>
        <source>Take back every edit and every head switched off: the model as it is</source>
        <translation>Nimmt jede Änderung und jeden abgeschalteten Head zurück: das Modell, wie es ist</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open a .qkv.json document</source>
        <translation>Öffnet ein .qkv.json-Dokument</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>Save the document</source>
        <translation>Speichert das Dokument</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Speichern &amp;unter…</translation>
    </message>
    <message>
        <source>Save the document under a new name</source>
        <translation>Speichert das Dokument unter einem neuen Namen</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>&amp;Exportieren…</translation>
    </message>
    <message>
        <source>Export a view, the teaching figure or the numbers: PNG, SVG, PDF, CSV, Markdown, LaTeX</source>
        <translation>Exportiert eine Ansicht, die Lehrgrafik oder die Zahlen: PNG, SVG, PDF, CSV, Markdown, LaTeX</translation>
    </message>
    <message>
        <source>Copy &amp;Figure</source>
        <translation>&amp;Grafik kopieren</translation>
    </message>
    <message>
        <source>Copy the figure chosen in the export dialog (at first the teaching figure) to the clipboard, as PNG and SVG</source>
        <translation>Kopiert die im Exportdialog gewählte Grafik (anfangs die Lehrgrafik) als PNG und SVG in die Zwischenablage</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>Quit QKV Lab</source>
        <translation>Beendet QKV Lab</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Kopieren</translation>
    </message>
    <message>
        <source>Copy the selected numbers as tab-separated text</source>
        <translation>Kopiert die ausgewählten Zahlen als tabulatorgetrennten Text</translation>
    </message>
    <message>
        <source>&amp;Paste</source>
        <translation>&amp;Einfügen</translation>
    </message>
    <message>
        <source>Paste numbers copied from a spreadsheet into the table</source>
        <translation>Fügt aus einer Tabellenkalkulation kopierte Zahlen in die Tabelle ein</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>&amp;System</translation>
    </message>
    <message>
        <source>Follow the desktop&apos;s colours</source>
        <translation>Übernimmt die Farben des Desktops</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>&amp;Hell</translation>
    </message>
    <message>
        <source>Light colours</source>
        <translation>Helle Farben</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>&amp;Dunkel</translation>
    </message>
    <message>
        <source>Dark colours</source>
        <translation>Dunkle Farben</translation>
    </message>
    <message>
        <source>&amp;About QKV Lab</source>
        <translation>Ü&amp;ber QKV Lab</translation>
    </message>
    <message>
        <source>Version, licence and colormap notices</source>
        <translation>Version, Lizenz und Hinweise zu den Farbskalen</translation>
    </message>
    <message>
        <source>&amp;High contrast</source>
        <translation>&amp;Kontrastreich</translation>
    </message>
    <message>
        <source>White on black with a yellow selection, for low vision</source>
        <translation>Weiß auf Schwarz mit gelber Auswahl, für eingeschränktes Sehvermögen</translation>
    </message>
    <message>
        <source>&amp;Keys from:</source>
        <translation>&amp;Keys aus:</translation>
    </message>
    <message>
        <source>Second sentence (cross-attention)</source>
        <translation>Zweiter Satz (Cross-Attention)</translation>
    </message>
    <message>
        <source>Cross-attention: a second sentence whose tokens give the keys and values, while the sentence&apos;s give the queries. Empty: self-attention</source>
        <translation>Cross-Attention: ein zweiter Satz, dessen Tokens die Keys und Values geben, während die Tokens des Satzes die Queries stellen. Leer: Self-Attention</translation>
    </message>
    <message>
        <source>Cross-attention (encoder–decoder): type a second sentence; empty keeps self-attention</source>
        <translation>Cross-Attention (Encoder–Decoder): einen zweiten Satz eingeben; leer bleibt es Self-Attention</translation>
    </message>
    <message>
        <source>the sentence itself (self-attention)</source>
        <translation>der Satz selbst (Self-Attention)</translation>
    </message>
    <message>
        <source>Key tokens</source>
        <translation>Key-Tokens</translation>
    </message>
    <message>
        <source>Cross-attention: the tokens of the second sentence, which give the keys and values; click one to select its key</source>
        <translation>Cross-Attention: die Tokens des zweiten Satzes, die Keys und Values geben; einen anklicken, um seinen Key auszuwählen</translation>
    </message>
    <message>
        <source>The second sentence&apos;s tokens: click one to select it as a key</source>
        <translation>Die Tokens des zweiten Satzes: einen anklicken, um ihn als Key auszuwählen</translation>
    </message>
    <message>
        <source>Head switched off</source>
        <translation>Head abgeschaltet</translation>
    </message>
</context>
<context>
    <name>Manual</name>
    <message>
        <source>The manual is missing from this build.</source>
        <translation>Das Handbuch fehlt in diesem Build.</translation>
    </message>
    <message>
        <source>**Contents:** %1</source>
        <translation>**Inhalt:** %1</translation>
    </message>
</context>
<context>
    <name>ModelOpening</name>
    <message>
        <source>Opening the model %1 …</source>
        <translation>Das Modell %1 wird geöffnet …</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Anhalten</translation>
    </message>
    <message>
        <source>Opening a model</source>
        <translation>Ein Modell öffnen</translation>
    </message>
    <message>
        <source>Stopping …</source>
        <translation>Wird angehalten …</translation>
    </message>
</context>
<context>
    <name>OutputFormatText</name>
    <message>
        <source>PNG image</source>
        <translation>PNG-Bild</translation>
    </message>
    <message>
        <source>SVG drawing</source>
        <translation>SVG-Zeichnung</translation>
    </message>
    <message>
        <source>PDF page</source>
        <translation>PDF-Seite</translation>
    </message>
    <message>
        <source>Animated GIF</source>
        <translation>Animiertes GIF</translation>
    </message>
    <message>
        <source>Animated WebP</source>
        <translation>Animiertes WebP</translation>
    </message>
    <message>
        <source>CSV</source>
        <translation>CSV</translation>
    </message>
    <message>
        <source>Markdown</source>
        <translation>Markdown</translation>
    </message>
    <message>
        <source>LaTeX tabular</source>
        <translation>LaTeX tabular</translation>
    </message>
    <message>
        <source>LaTeX bmatrix</source>
        <translation>LaTeX bmatrix</translation>
    </message>
    <message>
        <source>NumPy archive</source>
        <translation>NumPy-Archiv</translation>
    </message>
    <message>
        <source>JSON</source>
        <translation>JSON</translation>
    </message>
</context>
<context>
    <name>QMenu</name>
    <message>
        <source>Reset %1 to its starting vectors</source>
        <translation>%1 auf die Anfangsvektoren zurücksetzen</translation>
    </message>
    <message>
        <source>Scale the %1 to length 1</source>
        <translation>%1 auf Länge 1 skalieren</translation>
    </message>
    <message>
        <source>Set the %1 to zero</source>
        <translation>%1 auf null setzen</translation>
    </message>
    <message>
        <source>Copy the %1 of</source>
        <comment>followed by a word</comment>
        <translation>%1 übernehmen von</translation>
    </message>
    <message>
        <source>the cell %1 → %2</source>
        <translation>die Zelle %1 → %2</translation>
    </message>
    <message>
        <source>“%1”</source>
        <translation>„%1“</translation>
    </message>
    <message>
        <source>Annotate</source>
        <translation>Beschriften</translation>
    </message>
    <message>
        <source>Box around %1</source>
        <translation>Rahmen um %1</translation>
    </message>
    <message>
        <source>Callout on %1…</source>
        <translation>Beschriftung an %1…</translation>
    </message>
    <message>
        <source>Callout</source>
        <translation>Beschriftung</translation>
    </message>
    <message>
        <source>What the callout on %1 says:</source>
        <translation>Text der Beschriftung an %1:</translation>
    </message>
    <message>
        <source>Callout on %1</source>
        <translation>Beschriftung an %1</translation>
    </message>
    <message>
        <source>Arrow from “%1” to</source>
        <translation>Pfeil von „%1“ nach</translation>
    </message>
    <message>
        <source>Arrow from “%1” to “%2”</source>
        <translation>Pfeil von „%1“ nach „%2“</translation>
    </message>
    <message>
        <source>Remove the annotations of %1 (%2)</source>
        <translation>Anmerkungen an %1 entfernen (%2)</translation>
    </message>
    <message>
        <source>Remove the annotations of %1</source>
        <translation>Anmerkungen an %1 entfernen</translation>
    </message>
    <message>
        <source>Remove every annotation of this view</source>
        <translation>Alle Anmerkungen dieser Ansicht entfernen</translation>
    </message>
    <message>
        <source>Remove every annotation of a view</source>
        <translation>Alle Anmerkungen einer Ansicht entfernen</translation>
    </message>
    <message>
        <source>callout</source>
        <translation>der Beschriftung</translation>
    </message>
    <message>
        <source>box</source>
        <translation>des Rahmens</translation>
    </message>
    <message>
        <source>arrow</source>
        <translation>des Pfeils</translation>
    </message>
    <message>
        <source>Edit the words of the %1%2…</source>
        <translation>Text %1%2 bearbeiten…</translation>
    </message>
    <message>
        <source>Annotation</source>
        <translation>Anmerkung</translation>
    </message>
    <message>
        <source>The words of the %1:</source>
        <translation>Text %1:</translation>
    </message>
    <message>
        <source>Edit the words of the %1</source>
        <translation>Text %1 bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Goal Seek This Weight…</source>
        <translation>&amp;Zielwertsuche für dieses Gewicht…</translation>
    </message>
    <message>
        <source>&amp;Query</source>
        <translation>&amp;Query</translation>
    </message>
    <message>
        <source>&amp;Key</source>
        <translation>&amp;Key</translation>
    </message>
    <message>
        <source>&amp;Value</source>
        <translation>&amp;Value</translation>
    </message>
    <message>
        <source>&amp;Embedding</source>
        <translation>&amp;Embedding</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>&amp;Vergrößern</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>Ver&amp;kleinern</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>QKV Lab documents (*.qkv.json);;JSON files (*.json);;All files (*)</source>
        <translation>QKV-Lab-Dokumente (*.qkv.json);;JSON-Dateien (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>%1 (built in)</source>
        <translation>%1 (mitgeliefert)</translation>
    </message>
    <message>
        <source>QKV Lab documents, model attention and GGUF models (*.qkv.json *.json *.npz *.npy *.safetensors *.gguf);;QKV Lab documents (*.qkv.json);;Model attention (*.npz *.npy *.safetensors *.json);;GGUF models (*.gguf);;All files (*)</source>
        <translation>QKV-Lab-Dokumente, Modell-Attention und GGUF-Modelle (*.qkv.json *.json *.npz *.npy *.safetensors *.gguf);;QKV-Lab-Dokumente (*.qkv.json);;Modell-Attention (*.npz *.npy *.safetensors *.json);;GGUF-Modelle (*.gguf);;Alle Dateien (*)</translation>
    </message>
</context>
<context>
    <name>SettingsPanel</name>
    <message>
        <source>Mode:</source>
        <translation>Modus:</translation>
    </message>
    <message>
        <source>Where Q, K and V come from: typed per word (direct), projected from embeddings (projection), or the attention matrix given (weights)</source>
        <translation>Woher Q, K und V stammen: pro Wort eingegeben (direct), aus Embeddings projiziert (projection) oder die Attention-Matrix direkt vorgegeben (weights)</translation>
    </message>
    <message>
        <source>Scoring:</source>
        <translation>Score-Berechnung:</translation>
    </message>
    <message>
        <source>How raw scores are made: query·key (asymmetric), key·key (symmetric) or embedding·embedding (plain similarity)</source>
        <translation>Wie die Rohwerte entstehen: query·key (asymmetrisch), key·key (symmetrisch) oder embedding·embedding (reine Ähnlichkeit)</translation>
    </message>
    <message>
        <source>Normalize:</source>
        <translation>Normalisierung:</translation>
    </message>
    <message>
        <source>How each row of scores becomes weights: scaled softmax S/(√d·T), softmax S/T, divide by the row sum, or none</source>
        <translation>Wie aus jeder Zeile von Scores Gewichte werden: skalierte Softmax S/(√d·T), Softmax S/T, Division durch die Zeilensumme oder keine</translation>
    </message>
    <message>
        <source>Temperature:</source>
        <translation>Temperatur:</translation>
    </message>
    <message>
        <source>T divides the scores before softmax: above 1 flattens, below 1 sharpens</source>
        <translation>T teilt die Scores vor Softmax: über 1 werden die Gewichte flacher, unter 1 schärfer</translation>
    </message>
    <message>
        <source>Mask:</source>
        <translation>Maske:</translation>
    </message>
    <message>
        <source>Causal: token i sees only tokens up to i. Modifier-click heatmap cells to mask single cells</source>
        <translation>Kausal (causal): Token i sieht nur die Tokens bis i. Einzelne Heatmap-Zellen lassen sich mit gedrückter Modifikatortaste per Klick maskieren</translation>
    </message>
    <message>
        <source>Heads:</source>
        <translation>Heads:</translation>
    </message>
    <message>
        <source>Number of attention heads; each has its own Q, K and V</source>
        <translation>Anzahl der Attention-Heads; jeder hat eigene Q, K und V</translation>
    </message>
    <message>
        <source>Dim d:</source>
        <translation>Dim. d:</translation>
    </message>
    <message>
        <source>Length of every query, key and value vector</source>
        <translation>Länge jedes Query-, Key- und Value-Vektors</translation>
    </message>
    <message>
        <source>d_model:</source>
        <translation>d_model:</translation>
    </message>
    <message>
        <source>Length of the embeddings in projection mode</source>
        <translation>Länge der Embeddings im Projektionsmodus</translation>
    </message>
    <message>
        <source>Positions:</source>
        <translation>Positionen:</translation>
    </message>
    <message>
        <source>Projection mode: add the sinusoidal position encoding to each embedding</source>
        <translation>Projektionsmodus: addiert die sinusförmige Positionskodierung zu jedem Embedding</translation>
    </message>
    <message>
        <source>Tokenizer:</source>
        <translation>Tokenizer:</translation>
    </message>
    <message>
        <source>Whitespace keeps words whole (Evan&apos;s, hyper,); words splits punctuation off</source>
        <translation>whitespace lässt Wörter ganz (Evan&apos;s, hyper,); words trennt Satzzeichen ab</translation>
    </message>
    <message>
        <source>Colormap:</source>
        <translation>Farbskala:</translation>
    </message>
    <message>
        <source>Colours of the heatmaps</source>
        <translation>Farben der Heatmaps</translation>
    </message>
    <message>
        <source>Vectors:</source>
        <translation>Vektoren:</translation>
    </message>
    <message>
        <source>per-word: every occurrence of a word shares its vectors (as in the articles); per-token: each position has its own (as in a real model, where context changes them)</source>
        <translation>per-word: Alle Vorkommen eines Worts teilen sich dieselben Vektoren (wie in den Artikeln); per-token: Jede Position hat eigene Vektoren (wie in einem echten Modell, in dem der Kontext sie verändert)</translation>
    </message>
    <message>
        <source>Precision:</source>
        <translation>Genauigkeit:</translation>
    </message>
    <message>
        <source>The arithmetic of the whole computation: every number rounded to this format after each operation, as the hardware would (float64 is exact)</source>
        <translation>Die Arithmetik der ganzen Rechnung: Jede Zahl wird nach jeder Operation auf dieses Format gerundet, wie es die Hardware täte (float64 ist exakt)</translation>
    </message>
    <message>
        <source>Softmax:</source>
        <translation>Softmax:</translation>
    </message>
    <message>
        <source>stable: the row&apos;s largest score subtracted before exp; naive: exp of the scores themselves, which overflows to ∞ in float16 once a score passes about 11</source>
        <translation>stable: Der größte Score der Zeile wird vor exp abgezogen; naive: exp der Scores selbst, das in float16 nach ∞ überläuft, sobald ein Score etwa 11 übersteigt</translation>
    </message>
</context>
<context>
    <name>SettingsText</name>
    <message>
        <source>Queries are not used: in weights mode the attention is given directly.</source>
        <translation>Queries werden nicht verwendet: Im Gewichtsmodus ist die Attention direkt vorgegeben.</translation>
    </message>
    <message>
        <source>Keys are not used: in weights mode the attention is given directly.</source>
        <translation>Keys werden nicht verwendet: Im Gewichtsmodus ist die Attention direkt vorgegeben.</translation>
    </message>
    <message>
        <source>Queries are not used: embedding scoring compares the words&apos; own vectors.</source>
        <translation>Queries werden nicht verwendet: Die Score-Berechnung über Embeddings vergleicht die eigenen Vektoren der Wörter.</translation>
    </message>
    <message>
        <source>Keys are not used: embedding scoring compares the words&apos; own vectors.</source>
        <translation>Keys werden nicht verwendet: Die Score-Berechnung über Embeddings vergleicht die eigenen Vektoren der Wörter.</translation>
    </message>
    <message>
        <source>Queries are not used: key·key scoring compares keys with keys.</source>
        <translation>Queries werden nicht verwendet: Die Score-Berechnung key·key vergleicht Keys mit Keys.</translation>
    </message>
</context>
<context>
    <name>Snapshot</name>
    <message>
        <source>Snapshot %1</source>
        <translation>Schnappschuss %1</translation>
    </message>
</context>
<context>
    <name>TokenStripAccessible</name>
    <message>
        <source>%1, token %2 of %3</source>
        <translation>%1, Token %2 von %3</translation>
    </message>
    <message>
        <source>token</source>
        <translation>Token</translation>
    </message>
</context>
<context>
    <name>TransformerPanel</name>
    <message>
        <source>&amp;Layer:</source>
        <translation>&amp;Schicht:</translation>
    </message>
    <message>
        <source>The layer every view shows, or all layers combined</source>
        <translation>Die Schicht, die jede Ansicht zeigt, oder alle Schichten zusammengefasst</translation>
    </message>
    <message>
        <source>H&amp;eads:</source>
        <translation>&amp;Heads:</translation>
    </message>
    <message>
        <source>Each head on its own, or the heads combined cell by cell</source>
        <translation>Jeder Head einzeln oder die Heads Zelle für Zelle zusammengefasst</translation>
    </message>
    <message>
        <source>each head</source>
        <translation>jeder Head</translation>
    </message>
    <message>
        <source>mean of heads</source>
        <translation>Mittel der Heads</translation>
    </message>
    <message>
        <source>max of heads</source>
        <translation>Maximum der Heads</translation>
    </message>
    <message>
        <source>&amp;Hide special tokens</source>
        <translation>Spezial-Tokens &amp;ausblenden</translation>
    </message>
    <message>
        <source>Leave out the special tokens listed below; their rows and columns go (rows then sum to less than 1)</source>
        <translation>Lässt die unten aufgeführten Spezial-Tokens weg; ihre Zeilen und Spalten entfallen (die Zeilen summieren sich dann zu weniger als 1)</translation>
    </message>
    <message>
        <source>&amp;Merge word pieces</source>
        <translation>Wortteile &amp;zusammenführen</translation>
    </message>
    <message>
        <source>Join sub-word pieces (##, Ġ, ▁) into words: a word receives the sum of its pieces&apos; attention and gives their mean</source>
        <translation>Fügt Subword-Teile (##, Ġ, ▁) zu Wörtern zusammen: Ein Wort erhält die Summe der Attention auf seine Teile und verteilt deren Mittelwert</translation>
    </message>
    <message>
        <source>&amp;Special:</source>
        <translation>S&amp;pezial:</translation>
    </message>
    <message>
        <source>The tokens Hide special tokens leaves out, separated by spaces (Enter applies; empty: the usual ones)</source>
        <translation>Die Tokens, die „Spezial-Tokens ausblenden“ weglässt, durch Leerzeichen getrennt (Eingabetaste übernimmt; leer: die üblichen)</translation>
    </message>
    <message>
        <source>Layers and heads grid</source>
        <translation>Raster aus Schichten und Heads</translation>
    </message>
    <message>
        <source>Every layer (rows) and head (columns): click a tile to show it in every view</source>
        <translation>Jede Schicht (Zeilen) und jeder Head (Spalten): Ein Klick auf eine Kachel zeigt sie in jeder Ansicht</translation>
    </message>
    <message>
        <source>&amp;Attention:</source>
        <translation>&amp;Attention:</translation>
    </message>
    <message>
        <source>An encoder-decoder model&apos;s three attentions: the encoder&apos;s over the source, the decoder&apos;s over the target so far, and the decoder&apos;s over the encoder&apos;s output (cross-attention)</source>
        <translation>Die drei Attentions eines Encoder-Decoder-Modells: die des Encoders über die Quelle, die des Decoders über das bisherige Ziel und die des Decoders über die Ausgabe des Encoders (Cross-Attention)</translation>
    </message>
    <message>
        <source>encoder (source → source)</source>
        <translation>Encoder (Quelle → Quelle)</translation>
    </message>
    <message>
        <source>decoder (target → target)</source>
        <translation>Decoder (Ziel → Ziel)</translation>
    </message>
    <message>
        <source>cross-attention (target → source)</source>
        <translation>Cross-Attention (Ziel → Quelle)</translation>
    </message>
</context>
<context>
    <name>VectorEdits</name>
    <message>
        <source>query</source>
        <translation>Query</translation>
    </message>
    <message>
        <source>key</source>
        <translation>Key</translation>
    </message>
    <message>
        <source>value</source>
        <translation>Value</translation>
    </message>
    <message>
        <source>embedding</source>
        <translation>Embedding</translation>
    </message>
    <message>
        <source>That vector cannot be edited here.</source>
        <translation>Dieser Vektor kann hier nicht bearbeitet werden.</translation>
    </message>
    <message>
        <source>That word&apos;s vectors cannot be edited here.</source>
        <translation>Die Vektoren dieses Worts können hier nicht bearbeitet werden.</translation>
    </message>
    <message>
        <source>Reset %1 to its starting vectors</source>
        <translation>%1 auf die Anfangsvektoren zurücksetzen</translation>
    </message>
    <message>
        <source>A zero vector has no direction: it cannot be scaled to length 1.</source>
        <translation>Ein Nullvektor hat keine Richtung: Er lässt sich nicht auf Länge 1 skalieren.</translation>
    </message>
    <message>
        <source>Scale %1 to length 1</source>
        <translation>%1 auf Länge 1 skalieren</translation>
    </message>
    <message>
        <source>Set %1 to zero</source>
        <translation>%1 auf null setzen</translation>
    </message>
    <message>
        <source>Copy the %1 of %2 to %3</source>
        <translation>%1 von %2 nach %3 kopieren</translation>
    </message>
</context>
<context>
    <name>VectorsAccessible</name>
    <message>
        <source>%1 (second sentence)</source>
        <translation>%1 (zweiter Satz)</translation>
    </message>
    <message>
        <source>query</source>
        <translation>Query</translation>
    </message>
    <message>
        <source>key</source>
        <translation>Key</translation>
    </message>
    <message>
        <source>value</source>
        <translation>Value</translation>
    </message>
</context>
<context>
    <name>WhatsThis</name>
    <message>
        <source>The sentence. Type and the tokens, tables and views update at once; a new word gets its own vectors.</source>
        <translation>Der Satz. Beim Tippen werden Tokens, Tabellen und Ansichten sofort aktualisiert; ein neues Wort erhält eigene Vektoren.</translation>
    </message>
    <message>
        <source>The tokens of the sentence. Click one to select it everywhere.</source>
        <translation>Die Tokens des Satzes. Klicken Sie auf ein Token, um es überall auszuwählen.</translation>
    </message>
    <message>
        <source>Projection mode: each word&apos;s embedding x, from which its query, key and value are computed.</source>
        <translation>Projektionsmodus: das Embedding x jedes Worts, aus dem seine Query, sein Key und sein Value berechnet werden.</translation>
    </message>
    <message>
        <source>Projection mode: the matrices W_Q, W_K and W_V that turn an embedding into a query, key and value.</source>
        <translation>Projektionsmodus: die Matrizen W_Q, W_K und W_V, die aus einem Embedding eine Query, einen Key und einen Value machen.</translation>
    </message>
    <message>
        <source>Projection mode: the output matrix W_O applied to the heads&apos; outputs placed side by side.</source>
        <translation>Projektionsmodus: die Ausgabematrix W_O, angewandt auf die nebeneinandergestellten Ausgaben der Heads.</translation>
    </message>
    <message>
        <source>The attention weights of the current head as numbers: row = the word that attends, column = the word attended to. Editable in weights mode.</source>
        <translation>Die Attention-Gewichte des aktuellen Heads als Zahlen: Zeile = das Wort, das Attention verteilt, Spalte = das Wort, das Attention erhält. Im Gewichtsmodus bearbeitbar.</translation>
    </message>
    <message>
        <source>Each word&apos;s output in the current head: its weights times the values, summed. Read-only; copy it with Ctrl+C.</source>
        <translation>Die Ausgabe jedes Worts im aktuellen Head: seine Gewichte mal die Values, aufsummiert. Schreibgeschützt; mit Strg+C kopieren.</translation>
    </message>
    <message>
        <source>The queries, keys and values as points. Drag a point to change the vector; longer vectors are shown flattened to 2-D. Right-click for the axes and the vector helpers.</source>
        <translation>Die Queries, Keys und Values als Punkte. Ziehen Sie einen Punkt, um den Vektor zu ändern; Vektoren mit mehr als zwei Komponenten werden auf 2D abgeflacht dargestellt. Ein Rechtsklick öffnet die Achsen und die Vektorfunktionen.</translation>
    </message>
    <message>
        <source>The selected word&apos;s attention weights as bars: where its attention goes.</source>
        <translation>Die Attention-Gewichte des ausgewählten Worts als Balken: wohin seine Attention geht.</translation>
    </message>
    <message>
        <source>Order the bars from the largest weight down.</source>
        <translation>Ordnet die Balken absteigend nach Gewicht.</translation>
    </message>
    <message>
        <source>Every number of the selected word&apos;s row worked out: the dot products term by term, the scaling, the exponentials, the normalization and the weighted sum of the values. Copy as Markdown or LaTeX.</source>
        <translation>Jede Zahl der Zeile des ausgewählten Worts ausgerechnet: die Skalarprodukte Term für Term, die Skalierung, die Exponentialwerte, die Normalisierung und die gewichtete Summe der Values. Als Markdown oder LaTeX kopierbar.</translation>
    </message>
    <message>
        <source>Every head&apos;s heatmap side by side. Click one to show that head everywhere.</source>
        <translation>Die Heatmaps aller Heads nebeneinander. Klicken Sie auf eine, um diesen Head überall anzuzeigen.</translation>
    </message>
    <message>
        <source>Every edit in words. Click a line to go back to that moment; Ctrl+Z undoes.</source>
        <translation>Jede Änderung in Worten. Klicken Sie auf eine Zeile, um zu diesem Zeitpunkt zurückzukehren; Strg+Z macht rückgängig.</translation>
    </message>
    <message>
        <source>The head the heatmap, tables and plots show.</source>
        <translation>Der Head, den Heatmap, Tabellen und Diagramme zeigen.</translation>
    </message>
    <message>
        <source>Where the vectors come from: typed directly, projected from embeddings, or the attention weights given directly.</source>
        <translation>Woher die Vektoren stammen: direkt eingegeben, aus Embeddings projiziert oder die Attention-Gewichte direkt vorgegeben.</translation>
    </message>
    <message>
        <source>Which vectors are compared: query with key (real attention), key with key (symmetric), or the words&apos; own vectors.</source>
        <translation>Welche Vektoren verglichen werden: Query mit Key (echte Attention), Key mit Key (symmetrisch) oder die eigenen Vektoren der Wörter.</translation>
    </message>
    <message>
        <source>How each row of scores becomes weights.</source>
        <translation>Wie aus jeder Zeile von Scores Gewichte werden.</translation>
    </message>
    <message>
        <source>Below 1 sharpens the weights, above 1 spreads them out.</source>
        <translation>Unter 1 werden die Gewichte schärfer, über 1 gleichmäßiger verteilt.</translation>
    </message>
    <message>
        <source>Causal: each word sees only itself and the words before it.</source>
        <translation>Kausal: Jedes Wort sieht nur sich selbst und die Wörter davor.</translation>
    </message>
    <message>
        <source>How many heads look at the sentence.</source>
        <translation>Wie viele Heads den Satz betrachten.</translation>
    </message>
    <message>
        <source>d: the length of every query, key and value vector.</source>
        <translation>d: die Länge jedes Query-, Key- und Value-Vektors.</translation>
    </message>
    <message>
        <source>Projection mode: the length of the embeddings.</source>
        <translation>Projektionsmodus: die Länge der Embeddings.</translation>
    </message>
    <message>
        <source>Projection mode: add a position signal to each embedding, so the same word at another place differs.</source>
        <translation>Projektionsmodus: fügt jedem Embedding ein Positionssignal hinzu, sodass sich dasselbe Wort an anderer Stelle unterscheidet.</translation>
    </message>
    <message>
        <source>How the sentence is split: at spaces, or with punctuation split off.</source>
        <translation>Wie der Satz zerlegt wird: an Leerzeichen oder mit abgetrennten Satzzeichen.</translation>
    </message>
    <message>
        <source>Per word: every occurrence of a word shares its vectors, as in the articles. Per token: each position has its own, as in a real model.</source>
        <translation>Pro Wort: Alle Vorkommen eines Worts teilen sich dieselben Vektoren, wie in den Artikeln. Pro Token: Jede Position hat eigene Vektoren, wie in einem echten Modell.</translation>
    </message>
    <message>
        <source>The colours of the heatmaps.</source>
        <translation>Die Farben der Heatmaps.</translation>
    </message>
    <message>
        <source>Two columns (queries left, keys right) or arcs over the sentence.</source>
        <translation>Zwei Spalten (Queries links, Keys rechts) oder Bögen über dem Satz.</translation>
    </message>
    <message>
        <source>The current head&apos;s arrows, or every head&apos;s, each in its own colour.</source>
        <translation>Die Pfeile des aktuellen Heads oder die aller Heads, jeder in eigener Farbe.</translation>
    </message>
    <message>
        <source>Arrows of smaller weights are not drawn.</source>
        <translation>Pfeile mit kleinerem Gewicht werden nicht gezeichnet.</translation>
    </message>
    <message>
        <source>At most this many arrows leave each word (0: no limit).</source>
        <translation>Höchstens so viele Pfeile gehen von jedem Wort aus (0: keine Grenze).</translation>
    </message>
    <message>
        <source>Each word&apos;s strongest arrows until they carry this share of its weight.</source>
        <translation>Die stärksten Pfeile jedes Worts, bis sie zusammen diesen Anteil seines Gewichts tragen.</translation>
    </message>
    <message>
        <source>Colour the heatmaps by the raw scores before normalization.</source>
        <translation>Färbt die Heatmaps nach den Rohwerten vor der Normalisierung.</translation>
    </message>
    <message>
        <source>Leave the first column out of the colour scale: real models park attention on the first token.</source>
        <translation>Lässt die erste Spalte bei der Farbskalierung außen vor: Echte Modelle parken Attention auf dem ersten Token.</translation>
    </message>
    <message>
        <source>A real model: each head, or the heads combined.</source>
        <translation>Echtes Modell: jeder Head einzeln oder die Heads zusammengefasst.</translation>
    </message>
    <message>
        <source>Hide special tokens such as [CLS] and [SEP], and their attention.</source>
        <translation>Blendet Spezial-Tokens wie [CLS] und [SEP] samt ihrer Attention aus.</translation>
    </message>
    <message>
        <source>Join a word&apos;s pieces (play + ##ing) into one token of the views.</source>
        <translation>Fügt die Teile eines Worts (play + ##ing) in den Ansichten zu einem Token zusammen.</translation>
    </message>
    <message>
        <source>The tokens that count as special, separated by spaces.</source>
        <translation>Die Tokens, die als Spezial-Tokens gelten, durch Leerzeichen getrennt.</translation>
    </message>
    <message>
        <source>Every layer and head of the model. Click a tile to show it.</source>
        <translation>Jede Schicht und jeder Head des Modells. Klicken Sie auf eine Kachel, um sie anzuzeigen.</translation>
    </message>
    <message>
        <source>The document&apos;s settings: where the vectors come from, how they are compared and normalized, the mask, the heads and the vector length. Every change is one undo step.</source>
        <translation>Die Einstellungen des Dokuments: woher die Vektoren stammen, wie sie verglichen und normalisiert werden, die Maske, die Heads und die Vektorlänge. Jede Änderung ist ein eigener Schritt, der sich rückgängig machen lässt.</translation>
    </message>
    <message>
        <source>What the running model predicts: the most probable next tokens (or what fills each [MASK]) as bars. After an edit or a head switched off, the mark on each bar is the model&apos;s own probability and the number beside it the change.</source>
        <translation>Was das laufende Modell vorhersagt: die wahrscheinlichsten nächsten Tokens (oder was jedes [MASK] füllt) als Balken. Nach einer Änderung oder mit einem abgeschalteten Head zeigt die Markierung an jedem Balken die ursprüngliche Wahrscheinlichkeit des Modells und die Zahl daneben die Veränderung.</translation>
    </message>
    <message>
        <source>Run a transformer from a folder on disk (config.json, model.safetensors and its tokenizer): GPT-2, BERT, Llama and others. The Model menu lists those in the Hugging Face cache.</source>
        <translation>Führt einen Transformer aus einem Ordner auf der Festplatte aus (config.json, model.safetensors und der zugehörige Tokenizer): GPT-2, BERT, Llama und andere. Das Menü „Modell“ listet die Modelle im Hugging-Face-Cache auf.</translation>
    </message>
    <message>
        <source>Give the shown layer its model&apos;s own queries, keys and values, and its heads back on.</source>
        <translation>Gibt der angezeigten Schicht die ursprünglichen Queries, Keys und Values des Modells zurück und schaltet ihre Heads wieder ein.</translation>
    </message>
    <message>
        <source>Take back every edit of the model and every head switched off.</source>
        <translation>Nimmt jede Änderung am Modell und jeden abgeschalteten Head zurück.</translation>
    </message>
    <message>
        <source>A real model&apos;s attention: choose the layer and heads, hide or merge tokens.</source>
        <translation>Die Attention eines echten Modells: Schicht und Heads wählen, Tokens ausblenden oder zusammenführen.</translation>
    </message>
    <message>
        <source>The guide to the first five minutes and the glossary. F1 opens it.</source>
        <translation>Die Anleitung für die ersten fünf Minuten und das Glossar. F1 öffnet sie.</translation>
    </message>
    <message>
        <source>About the bundled example shown: the article it comes from, what it shows, and where the article&apos;s own numbers are wrong, with the true ones.</source>
        <translation>Zum angezeigten mitgelieferten Beispiel: der Artikel, aus dem es stammt, was es zeigt und wo die Zahlen des Artikels falsch sind – samt den richtigen Werten.</translation>
    </message>
    <message>
        <source>A lesson, step by step: what the step says, its exercise checked on every edit, hints and the solution. Page Down and Page Up walk through the steps.</source>
        <translation>Eine Lektion, Schritt für Schritt: was der Schritt sagt, seine Aufgabe, bei jeder Änderung geprüft, Tipps und die Lösung. Bild ab und Bild auf wechseln die Schritte.</translation>
    </message>
    <message>
        <source>Your prediction: the number you expect, typed before the views show it. Enter answers.</source>
        <translation>Ihre Vorhersage: die Zahl, die Sie erwarten, eingegeben, bevor die Ansichten sie zeigen. Eingabe antwortet.</translation>
    </message>
    <message>
        <source>What attention ignores: each button transforms the document (one undoable edit), and the badges say whether the scores, weights and outputs changed, and why.</source>
        <translation>Was Attention übergeht: Jede Schaltfläche transformiert das Dokument (ein rückgängig zu machender Schritt), und die Plaketten sagen, ob sich Scores, Gewichte und Ausgaben geändert haben, und warum.</translation>
    </message>
    <message>
        <source>Choose a cell and the weight it should have: the smallest change of its query, its key or both that gives it that weight is shown, and Apply makes it. Dragging a heatmap cell or a bar does the same.</source>
        <translation>Wählen Sie eine Zelle und das Gewicht, das sie haben soll: Die kleinste Änderung ihrer Query, ihres Keys oder beider, die ihr dieses Gewicht gibt, wird angezeigt, und „Anwenden“ nimmt sie vor. Das Ziehen einer Heatmap-Zelle oder eines Balkens tut dasselbe.</translation>
    </message>
    <message>
        <source>Where the selected word&apos;s output comes from: for each dimension, the parts a·v of the keys stacked (up when positive, down when negative) and the output marked across them; the legend gives each key&apos;s share of the output.</source>
        <translation>Woher die Ausgabe des ausgewählten Worts kommt: Für jede Dimension sind die Anteile a·v der Keys gestapelt (nach oben, wenn positiv, nach unten, wenn negativ) und die Ausgabe quer darüber markiert; die Legende gibt den Anteil jedes Keys an der Ausgabe an.</translation>
    </message>
    <message>
        <source>The number format of the whole computation: float16, bfloat16 or float32 round every result after each operation, as a GPU would; watch large scores saturate the softmax or, with the naive softmax, overflow.</source>
        <translation>Das Zahlenformat der ganzen Rechnung: float16, bfloat16 oder float32 runden jedes Ergebnis nach jeder Operation, wie eine GPU es täte; beobachten Sie, wie große Scores die Softmax sättigen oder, mit der naiven Softmax, überlaufen.</translation>
    </message>
    <message>
        <source>Stable subtracts each row&apos;s largest score before exp, as every real implementation does; naive takes exp of the scores as they are, which overflows to ∞ in float16 above about 11 (the row is then named in the warnings).</source>
        <translation>Stable zieht vor exp den größten Score jeder Zeile ab, wie es jede echte Implementierung tut; naive nimmt exp der Scores, wie sie sind, was in float16 oberhalb von etwa 11 nach ∞ überläuft (die Zeile wird dann in den Warnungen genannt).</translation>
    </message>
    <message>
        <source>The baseline snapshot (A) beside now (B): the view chosen above, drawn for both with the window&apos;s view options, head and selected token, again after every edit. Choose the snapshot in Tools → Snapshots → Compare With.</source>
        <translation>Der Vergleichsschnappschuss (A) neben dem jetzigen Stand (B): die oben gewählte Ansicht, für beide mit den Ansichtsoptionen, dem Head und dem ausgewählten Token des Fensters gezeichnet, nach jeder Änderung neu. Den Schnappschuss wählen Sie unter Werkzeuge → Schnappschüsse → Vergleichen mit.</translation>
    </message>
    <message>
        <source>Which view the side-by-side panel draws for the snapshot and for now.</source>
        <translation>Welche Ansicht das Nebeneinander-Feld für den Schnappschuss und für jetzt zeichnet.</translation>
    </message>
    <message>
        <source>Cross-attention, as an encoder–decoder&apos;s decoder does it: a second sentence whose tokens give the keys and values, while the sentence&apos;s tokens give the queries. The attention is then a rectangle: a row per token of the sentence, a column per token of the second. Clear it to return to self-attention.</source>
        <translation>Cross-Attention, wie sie der Decoder eines Encoder-Decoders nutzt: ein zweiter Satz, dessen Tokens die Keys und Values geben, während die Tokens des Satzes die Queries stellen. Die Aufmerksamkeit ist dann ein Rechteck: eine Zeile je Token des Satzes, eine Spalte je Token des zweiten. Leeren, um zur Self-Attention zurückzukehren.</translation>
    </message>
    <message>
        <source>Cross-attention: the tokens of the second sentence. Click one to select its key and see who attends to it.</source>
        <translation>Cross-Attention: die Tokens des zweiten Satzes. Einen anklicken, um seinen Key auszuwählen und zu sehen, wer auf ihn achtet.</translation>
    </message>
    <message>
        <source>Shown while the head every view shows is switched off: its attention is drawn as it is computed, but its output is zero, so none of it reaches the joined output or a later layer. Switch On gives the head back.</source>
        <translation>Erscheint, solange der Head, den alle Ansichten zeigen, abgeschaltet ist: Seine Attention wird so gezeichnet, wie sie berechnet wird, aber seine Ausgabe ist null, sodass nichts davon die zusammengefügte Ausgabe oder eine spätere Schicht erreicht. „Einschalten“ gibt den Head zurück.</translation>
    </message>
    <message>
        <source>Each word&apos;s query, key and value vectors in the head the views show. Type a number, or press on it and drag sideways (Shift fine, Ctrl coarse). Right-click a row to reset, scale, zero or copy a vector. Greyed columns are not used by the current scoring.</source>
        <translation>Die Query-, Key- und Value-Vektoren jedes Worts im Head, den die Ansichten zeigen. Tippen Sie eine Zahl ein, oder drücken Sie auf eine Zahl und ziehen Sie seitwärts (Umschalt: fein, Strg: grob). Mit einem Rechtsklick auf eine Zeile lässt sich ein Vektor zurücksetzen, skalieren, auf null setzen oder kopieren. Ausgegraute Spalten werden von der aktuellen Score-Berechnung nicht verwendet.</translation>
    </message>
    <message>
        <source>Make the shown head&apos;s output zero: in a running model the rest of the model is computed again (also on each tile&apos;s context menu in the Model dock); in a document of several heads its place in the joined output becomes zeros.</source>
        <translation>Setzt die Ausgabe des angezeigten Heads auf null: In einem laufenden Modell wird der Rest des Modells neu berechnet (auch über das Kontextmenü jeder Kachel im Bereich „Modell“); in einem Dokument mit mehreren Heads wird sein Platz in der zusammengefügten Ausgabe zu Nullen.</translation>
    </message>
    <message>
        <source>An encoder-decoder model (T5): which of its three attentions the views show. The encoder&apos;s: the sentence&apos;s tokens over each other. The decoder&apos;s: the target&apos;s tokens over the ones before them. Cross-attention: the target&apos;s tokens (rows) over the sentence&apos;s as the encoder left them (columns).</source>
        <translation>Ein Encoder-Decoder-Modell (T5): welche seiner drei Attentions die Ansichten zeigen. Die des Encoders: die Tokens des Satzes untereinander. Die des Decoders: die Tokens des Ziels über die vor ihnen. Cross-Attention: die Tokens des Ziels (Zeilen) über die des Satzes, wie der Encoder sie hinterlassen hat (Spalten).</translation>
    </message>
    <message>
        <source>A real model: which layer the views show, or all layers combined: their mean or max, or followed through every layer with the residual connection (rollout multiplies the layers&apos; head means; flow is the maximum flow from each output token to each input token).</source>
        <translation>Ein echtes Modell: welche Schicht die Ansichten zeigen, oder alle Schichten zusammen: ihr Mittel oder Maximum, oder mit der Residualverbindung durch alle Schichten verfolgt (Rollout multipliziert die Kopfmittel der Schichten; Flow ist der maximale Fluss von jedem Ausgabe-Token zu jedem Eingabe-Token).</translation>
    </message>
    <message>
        <source>The attention weights as colours: row = the word that attends (query), column = the word attended to (key). Click a row to select the query, a column heading (or Shift+click) to select the key, Ctrl+click to mask a cell. From the keyboard: the arrow keys move a cell with the selection, Space masks it, Enter selects its query and Shift+Enter its key. Drag a cell up or down to find the smallest change that gives it that weight (Tools → Goal Seek). Over a long text, Ctrl+wheel (or + and −) zooms in where the pointer is, the wheel or the middle button moves around, the small map in the corner shows where you are and 0 shows the whole matrix again.</source>
        <translation>Die Attention-Gewichte als Farben: Zeile = das Wort, das Attention verteilt (Query), Spalte = das Wort, das Attention erhält (Key). Ein Klick auf eine Zeile wählt die Query, ein Klick auf eine Spaltenüberschrift (oder Umschalt+Klick) den Key; Strg+Klick maskiert eine Zelle. Mit der Tastatur: Die Pfeiltasten bewegen mit der Auswahl eine Zelle, die Leertaste maskiert sie, Eingabe wählt ihre Query und Umschalt+Eingabe ihren Key. Ziehen Sie eine Zelle nach oben oder unten, um die kleinste Änderung zu finden, die ihr dieses Gewicht gibt (Werkzeuge → Zielwertsuche). Bei einem langen Text vergrößert Strg+Mausrad (oder + und −) dort, wo der Mauszeiger steht, das Mausrad oder die mittlere Maustaste verschiebt den Ausschnitt, die kleine Karte in der Ecke zeigt, wo Sie sind, und 0 zeigt wieder die ganze Matrix.</translation>
    </message>
    <message>
        <source>Who attends to whom: an arrow a → b means a takes from b; thicker and darker is more. Hover a word to see its arrows alone, click to keep them. Over a long text, Ctrl+wheel (or + and −) zooms in along the words, the wheel or the middle button moves along them and 0 shows every word again.</source>
        <translation>Wer auf wen achtet: Ein Pfeil a → b bedeutet, dass a von b übernimmt; dicker und dunkler heißt mehr. Zeigen Sie mit der Maus auf ein Wort, um nur seine Pfeile zu sehen, und klicken Sie, um sie festzuhalten. Bei einem langen Text vergrößert Strg+Mausrad (oder + und −) entlang der Wörter, das Mausrad oder die mittlere Maustaste verschiebt entlang der Wörter, und 0 zeigt wieder alle Wörter.</translation>
    </message>
</context>
<context>
    <name>WindowProgress</name>
    <message>
        <source>Stop</source>
        <translation>Anhalten</translation>
    </message>
</context>
<context>
    <name>WorkedAccessible</name>
    <message>
        <source>line %1</source>
        <translation>Zeile %1</translation>
    </message>
    <message>
        <source>step</source>
        <translation>Schritt</translation>
    </message>
</context>
<context>
    <name>WorkedFigure</name>
    <message>
        <source>Warning:</source>
        <translation>Warnung:</translation>
    </message>
</context>
<context>
    <name>WorkedSteps</name>
    <message>
        <source>masked, cannot see it</source>
        <translation>maskiert, kann ihn nicht sehen</translation>
    </message>
    <message numerus="yes">
        <source>%n others</source>
        <translation>
            <numerusform>%n weiterer</numerusform>
            <numerusform>%n weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>No key to work out: select a key (a column of the heatmap).</source>
        <translation>Kein Key zum Durchrechnen: Wählen Sie einen Key (eine Spalte der Heatmap).</translation>
    </message>
    <message>
        <source>Who attends to %1 (key, token %2 of %3), head %4</source>
        <translation>Wer auf %1 achtet (Key, Token %2 von %3), Head %4</translation>
    </message>
    <message>
        <source>The weights are given (weights mode): this is the column of %1 in the attention matrix.</source>
        <translation>Die Gewichte sind vorgegeben (Gewichtsmodus): Dies ist die Spalte von %1 in der Attention-Matrix.</translation>
    </message>
    <message>
        <source>Each token scores %1 by the dot product of its query with the key of %1.</source>
        <translation>Jedes Token bewertet %1 mit dem Skalarprodukt seiner Query mit dem Key von %1.</translation>
    </message>
    <message>
        <source>Each token scores %1 by the dot product of its key with the key of %1.</source>
        <translation>Jedes Token bewertet %1 mit dem Skalarprodukt seines Keys mit dem Key von %1.</translation>
    </message>
    <message>
        <source>Each token scores %1 by the dot product of its embedding with the embedding of %1.</source>
        <translation>Jedes Token bewertet %1 mit dem Skalarprodukt seines Embeddings mit dem Embedding von %1.</translation>
    </message>
    <message>
        <source>Each token scores %1 by the dot product of its value with the value of %1.</source>
        <translation>Jedes Token bewertet %1 mit dem Skalarprodukt seines Values mit dem Value von %1.</translation>
    </message>
    <message>
        <source>A weight is made within the query&apos;s own row, so the weights of a row sum to 1 and those of this column need not.</source>
        <translation>Ein Gewicht entsteht innerhalb der eigenen Zeile der Query; die Gewichte einer Zeile ergeben daher zusammen 1, die dieser Spalte nicht unbedingt.</translation>
    </message>
    <message numerus="yes">
        <source>The %1 queries that attend to it most are worked out; the %n others are summed up.</source>
        <translation>
            <numerusform>Die %1 Queries, die am stärksten auf ihn achten, werden durchgerechnet; die %n weitere wird zusammengefasst.</numerusform>
            <numerusform>Die %1 Queries, die am stärksten auf ihn achten, werden durchgerechnet; die %n weiteren werden zusammengefasst.</numerusform>
        </translation>
    </message>
    <message>
        <source>Scores: %1</source>
        <translation>Scores: %1</translation>
    </message>
    <message>
        <source>from %1 to %2</source>
        <translation>von %1 bis %2</translation>
    </message>
    <message>
        <source>Weights: the given column of A</source>
        <translation>Gewichte: die vorgegebene Spalte von A</translation>
    </message>
    <message>
        <source>Weights: the scores themselves (no normalization)</source>
        <translation>Gewichte: die Scores selbst (keine Normalisierung)</translation>
    </message>
    <message>
        <source>Weights: softmax within each query&apos;s row</source>
        <translation>Gewichte: Softmax innerhalb der Zeile jeder Query</translation>
    </message>
    <message>
        <source>Each weight is %1, where %2 sums the exponentials of that query&apos;s whole row (the scores divided by %3).</source>
        <translation>Jedes Gewicht ist %1, wobei %2 die Exponentialwerte der ganzen Zeile dieser Query summiert (die Scores geteilt durch %3).</translation>
    </message>
    <message>
        <source>Each weight is %1, where %2 sums the exponentials of that query&apos;s whole row.</source>
        <translation>Jedes Gewicht ist %1, wobei %2 die Exponentialwerte der ganzen Zeile dieser Query summiert.</translation>
    </message>
    <message>
        <source>Weights: each score divided by the sum of its query&apos;s row</source>
        <translation>Gewichte: jeder Score geteilt durch die Summe der Zeile seiner Query</translation>
    </message>
    <message>
        <source>What it passes on: each query&apos;s output takes %1</source>
        <translation>Was er weitergibt: Die Ausgabe jeder Query erhält %1</translation>
    </message>
    <message>
        <source>No query can see %1: every cell of its column is masked.</source>
        <translation>Keine Query kann %1 sehen: Jede Zelle seiner Spalte ist maskiert.</translation>
    </message>
    <message>
        <source>%1 attends to %2 most, with weight %3; the column sums to %4.</source>
        <translation>%1 achtet am stärksten auf %2, mit Gewicht %3; die Spalte ergibt zusammen %4.</translation>
    </message>
    <message numerus="yes">
        <source>(%n more terms)</source>
        <translation>
            <numerusform>(%n weiterer Term)</numerusform>
            <numerusform>(%n weitere Terme)</numerusform>
        </translation>
    </message>
    <message>
        <source>together %1</source>
        <translation>zusammen %1</translation>
    </message>
    <message numerus="yes">
        <source>Numbers are shown with %n decimals; every step uses the exact values, so a result can differ from its rounded terms in the last digit.</source>
        <translation>
            <numerusform>Zahlen werden mit %n Nachkommastelle gezeigt; jeder Schritt rechnet mit den exakten Werten, daher kann ein Ergebnis in der letzten Stelle von seinen gerundeten Termen abweichen.</numerusform>
            <numerusform>Zahlen werden mit %n Nachkommastellen gezeigt; jeder Schritt rechnet mit den exakten Werten, daher kann ein Ergebnis in der letzten Stelle von seinen gerundeten Termen abweichen.</numerusform>
        </translation>
    </message>
    <message>
        <source>masked, left out</source>
        <translation>maskiert, ausgelassen</translation>
    </message>
    <message>
        <source>No token to work out: select a token.</source>
        <translation>Kein Token zum Durchrechnen: Wählen Sie ein Token.</translation>
    </message>
    <message>
        <source>Worked computation for %1 (token %2 of %3), head %4</source>
        <translation>Rechenweg für %1 (Token %2 von %3), Head %4</translation>
    </message>
    <message>
        <source>The attention weights are given (weights mode): there are no scores to compute.</source>
        <translation>Die Attention-Gewichte sind vorgegeben (Gewichtsmodus): Es gibt keine Scores zu berechnen.</translation>
    </message>
    <message>
        <source>Scores are the dot products of the query of %1 with the key of every token.</source>
        <translation>Die Scores sind die Skalarprodukte der Query von %1 mit dem Key jedes Tokens.</translation>
    </message>
    <message>
        <source>Scores are the dot products of the key of %1 with the key of every token (symmetric).</source>
        <translation>Die Scores sind die Skalarprodukte des Keys von %1 mit dem Key jedes Tokens (symmetrisch).</translation>
    </message>
    <message>
        <source>Scores are the dot products of the embedding of %1 with the embedding of every token.</source>
        <translation>Die Scores sind die Skalarprodukte des Embeddings von %1 mit dem Embedding jedes Tokens.</translation>
    </message>
    <message>
        <source>Scores are the dot products of the value of %1 with the value of every token.</source>
        <translation>Die Scores sind die Skalarprodukte des Values von %1 mit dem Value jedes Tokens.</translation>
    </message>
    <message>
        <source>Softmax makes them weights after dividing by %1.</source>
        <translation>Softmax macht sie zu Gewichten, nachdem sie durch %1 geteilt wurden.</translation>
    </message>
    <message>
        <source>Softmax makes them weights.</source>
        <translation>Softmax macht sie zu Gewichten.</translation>
    </message>
    <message>
        <source>Softmax makes them weights after dividing by the temperature T.</source>
        <translation>Softmax macht sie zu Gewichten, nachdem sie durch die Temperatur T geteilt wurden.</translation>
    </message>
    <message>
        <source>Each is divided by their sum to make the weights.</source>
        <translation>Jeder wird durch ihre Summe geteilt; das ergibt die Gewichte.</translation>
    </message>
    <message>
        <source>The weights are the scores themselves (no normalization).</source>
        <translation>Die Gewichte sind die Scores selbst (keine Normalisierung).</translation>
    </message>
    <message numerus="yes">
        <source>%n masked keys are left out.</source>
        <translation>
            <numerusform>%n maskierter Key wird ausgelassen.</numerusform>
            <numerusform>%n maskierte Keys werden ausgelassen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The %1 keys with the largest weights are worked out term by term; the %n other visible keys are summed up in one line per step.</source>
        <translation>
            <numerusform>Die %1 Keys mit den größten Gewichten werden Term für Term durchgerechnet; der %n weitere sichtbare Key wird in einer Zeile je Schritt zusammengefasst.</numerusform>
            <numerusform>Die %1 Keys mit den größten Gewichten werden Term für Term durchgerechnet; die %n weiteren sichtbaren Keys werden in einer Zeile je Schritt zusammengefasst.</numerusform>
        </translation>
    </message>
    <message>
        <source>Weights: the given row of A</source>
        <translation>Gewichte: die vorgegebene Zeile von A</translation>
    </message>
    <message numerus="yes">
        <source>(%n others)</source>
        <translation>
            <numerusform>(%n weiterer)</numerusform>
            <numerusform>(%n weitere)</numerusform>
        </translation>
    </message>
    <message>
        <source>Scaling: divide by %1</source>
        <translation>Skalierung: geteilt durch %1</translation>
    </message>
    <message>
        <source>Exponentials</source>
        <translation>Exponentialwerte</translation>
    </message>
    <message>
        <source>Each exponent is reduced by the largest, %1, so that nothing overflows; the weights do not change.</source>
        <translation>Jeder Exponent wird um den größten, %1, verringert, damit nichts überläuft; die Gewichte ändern sich nicht.</translation>
    </message>
    <message>
        <source>Normalization: divide by the sum</source>
        <translation>Normalisierung: durch die Summe teilen</translation>
    </message>
    <message>
        <source>Normalization: none</source>
        <translation>Normalisierung: keine</translation>
    </message>
    <message>
        <source>The weights are the scores as they are. Masked keys get weight 0.</source>
        <translation>Die Gewichte sind die Scores, wie sie sind. Maskierte Keys erhalten das Gewicht 0.</translation>
    </message>
    <message>
        <source>The weights are the scores as they are.</source>
        <translation>Die Gewichte sind die Scores, wie sie sind.</translation>
    </message>
    <message>
        <source>Normalization: divide by the sum of the scores</source>
        <translation>Normalisierung: durch die Summe der Scores teilen</translation>
    </message>
    <message>
        <source>Weighted sum of the values: %1</source>
        <translation>Gewichtete Summe der Values: %1</translation>
    </message>
    <message>
        <source>Closer after attention? Every value compared with %1 and %2</source>
        <translation>Nach der Attention näher? Jeder Value verglichen mit %1 und %2</translation>
    </message>
    <message>
        <source>Before attention: %1</source>
        <translation>Vor der Attention: %1</translation>
    </message>
    <message>
        <source>After attention: %1</source>
        <translation>Nach der Attention: %1</translation>
    </message>
    <message>
        <source>(was %1, closer)</source>
        <translation>(vorher %1, näher)</translation>
    </message>
    <message>
        <source>(was %1, farther)</source>
        <translation>(vorher %1, ferner)</translation>
    </message>
    <message>
        <source>(was %1, unchanged)</source>
        <translation>(vorher %1, unverändert)</translation>
    </message>
    <message>
        <source>%1 is closer (a larger dot product) than %2 to %3 of the %4 values.</source>
        <translation>%1 ist %3 der %4 Values näher (ein größeres Skalarprodukt) als %2.</translation>
    </message>
    <message>
        <source>“%1”</source>
        <translation>„%1“</translation>
    </message>
    <message>
        <source>Computed in %1: every product, sum, division and exponential is rounded to it, as the hardware would, and each number shown is the rounded one.</source>
        <translation>Berechnet in %1: Jedes Produkt, jede Summe, Division und Exponentialfunktion wird darauf gerundet, wie es die Hardware täte, und jede gezeigte Zahl ist die gerundete.</translation>
    </message>
    <message>
        <source>The softmax is naive: no largest score is subtracted before the exponentials.</source>
        <translation>Der Softmax ist naiv: Vor den Exponentialfunktionen wird kein größter Score abgezogen.</translation>
    </message>
    <message>
        <source>(was %1)</source>
        <translation>(vorher %1)</translation>
    </message>
    <message>
        <source>Compared with the snapshot %1: a score, weight or output that reads differently there says what it was.</source>
        <translation>Verglichen mit dem Schnappschuss %1: Ein Score, Gewicht oder eine Ausgabe, die dort anders lautet, nennt den früheren Wert.</translation>
    </message>
    <message>
        <source>In %1 it was %2.</source>
        <translation>In %1 war sie %2.</translation>
    </message>
    <message>
        <source>Cross-attention: scores are the dot products of the query of %1 with the key of every token of the second sentence, whose values the output mixes.</source>
        <translation>Cross-Attention: Die Scores sind die Skalarprodukte der Query von %1 mit dem Key jedes Tokens des zweiten Satzes, dessen Values die Ausgabe mischt.</translation>
    </message>
    <message>
        <source>Head %1 is switched off: its output is replaced by zero</source>
        <translation>Head %1 ist abgeschaltet: seine Ausgabe wird durch null ersetzt</translation>
    </message>
    <message>
        <source>Nothing this head attends to reaches the joined output of the heads, nor anything after it.</source>
        <translation>Nichts, worauf dieser Head achtet, erreicht die zusammengefügte Ausgabe der Heads oder etwas danach.</translation>
    </message>
</context>
<context>
    <name>qkv::AboutDialog</name>
    <message>
        <source>&lt;h2&gt;QKV Lab %1&lt;/h2&gt;</source>
        <translation>&lt;h2&gt;QKV Lab %1&lt;/h2&gt;</translation>
    </message>
    <message>
        <source>Built with Qt %1, running on Qt %2.</source>
        <translation>Erstellt mit Qt %1, läuft unter Qt %2.</translation>
    </message>
    <message>
        <source>&lt;p&gt;Licence: &lt;b&gt;GPL-3.0-or-later&lt;/b&gt;. QKV Lab is free software: you can redistribute it and/or modify it under the terms of the GNU General Public License as published by the Free Software Foundation, either version 3 of the License, or (at your option) any later version. It comes with ABSOLUTELY NO WARRANTY; see &lt;a href=&quot;https://www.gnu.org/licenses/gpl-3.0.html&quot;&gt;the GNU General Public License&lt;/a&gt; for details.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Lizenz: &lt;b&gt;GPL-3.0-or-later&lt;/b&gt;. QKV Lab ist freie Software: Sie können es unter den Bedingungen der GNU General Public License, wie von der Free Software Foundation veröffentlicht, weitergeben und/oder verändern, entweder gemäß Version 3 der Lizenz oder (nach Ihrer Wahl) jeder späteren Version. Es wird OHNE JEDE GEWÄHRLEISTUNG bereitgestellt; Einzelheiten finden Sie in der &lt;a href=&quot;https://www.gnu.org/licenses/gpl-3.0.html&quot;&gt;GNU General Public License&lt;/a&gt;.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>qkv::AnimationDialog</name>
    <message>
        <source>Export Animation</source>
        <translation>Animation exportieren</translation>
    </message>
    <message>
        <source>&amp;View:</source>
        <translation>&amp;Ansicht:</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source>Width</source>
        <translation>Breite</translation>
    </message>
    <message>
        <source>Height</source>
        <translation>Höhe</translation>
    </message>
    <message>
        <source>Size:</source>
        <translation>Größe:</translation>
    </message>
    <message>
        <source>The number that moves</source>
        <translation>Die Zahl, die sich bewegt</translation>
    </message>
    <message>
        <source>The number that moves, by its place in the document: words.it.q[0], attention[2][1]…</source>
        <translation>Die Zahl, die sich bewegt, benannt nach ihrem Ort im Dokument: words.it.q[0], attention[2][1]…</translation>
    </message>
    <message>
        <source>&amp;Number:</source>
        <translation>&amp;Zahl:</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Von</translation>
    </message>
    <message>
        <source>To</source>
        <translation>Bis</translation>
    </message>
    <message>
        <source>&amp;From:</source>
        <translation>&amp;Von:</translation>
    </message>
    <message>
        <source>&amp;To:</source>
        <translation>&amp;Bis:</translation>
    </message>
    <message>
        <source>F&amp;rames:</source>
        <translation>Bi&amp;lder:</translation>
    </message>
    <message>
        <source>S&amp;weep…</source>
        <translation>&amp;Durchlaufen…</translation>
    </message>
    <message>
        <source>The number swept from From to To, one frame each step, as GIF or WebP</source>
        <translation>Die Zahl läuft von „Von“ bis „Bis“, ein Bild je Schritt, als GIF oder WebP</translation>
    </message>
    <message>
        <source>&amp;Record</source>
        <translation>Auf&amp;nehmen</translation>
    </message>
    <message>
        <source>Record: every edit made in the window until Stop becomes a frame</source>
        <translation>Aufnehmen: Jede Änderung im Fenster bis zum Anhalten wird ein Bild</translation>
    </message>
    <message>
        <source>Save animation</source>
        <translation>Animation speichern</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>&amp;Anhalten</translation>
    </message>
    <message>
        <source>Recording: edit or drag values in the window, then press Stop.</source>
        <translation>Aufnahme läuft: Werte im Fenster bearbeiten oder ziehen, dann „Anhalten“ drücken.</translation>
    </message>
    <message>
        <source>Save recording</source>
        <translation>Aufnahme speichern</translation>
    </message>
    <message>
        <source>Nothing was recorded: edit values between Record and Stop.</source>
        <translation>Nichts aufgenommen: Bearbeiten Sie Werte zwischen „Aufnehmen“ und „Anhalten“.</translation>
    </message>
    <message>
        <source>&amp;Lesson…</source>
        <translation>&amp;Lektion…</translation>
    </message>
    <message>
        <source>One frame per step of the open lesson, each with the step&apos;s title</source>
        <translation>Ein Bild je Schritt der geöffneten Lektion, jedes mit dem Titel des Schritts</translation>
    </message>
    <message>
        <source>Save lesson animation</source>
        <translation>Animation der Lektion speichern</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>Schritt %1 von %2</translation>
    </message>
    <message>
        <source>A frame of %1 × %2 px does not fit in memory.</source>
        <translation>Ein Bild von %1 × %2 px passt nicht in den Speicher.</translation>
    </message>
    <message>
        <source>Drawing the frames…</source>
        <translation>Die Bilder werden gezeichnet…</translation>
    </message>
    <message>
        <source>Encoding the animation…</source>
        <translation>Die Animation wird kodiert…</translation>
    </message>
    <message>
        <source>Stopped: nothing was written.</source>
        <translation>Angehalten: Es wurde nichts geschrieben.</translation>
    </message>
    <message>
        <source>An animation is written as %1.</source>
        <translation>Eine Animation wird als %1 geschrieben.</translation>
    </message>
</context>
<context>
    <name>qkv::ArrowGraphView</name>
    <message>
        <source>Show every edge again (Esc)</source>
        <translation>Wieder alle Kanten zeigen (Esc)</translation>
    </message>
    <message>
        <source>“%1” attends to %2</source>
        <translation>„%1“ achtet auf %2</translation>
    </message>
    <message>
        <source>“%1” is attended by %2</source>
        <translation>„%1“ erhält Attention von %2</translation>
    </message>
    <message>
        <source>Click to lock its arrows; arrow keys move, Esc unlocks.</source>
        <translation>Klicken, um die Pfeile zu fixieren; Pfeiltasten wechseln das Token, Esc hebt die Fixierung auf.</translation>
    </message>
    <message>
        <source>No change drawn since “%1”</source>
        <translation>Seit „%1“ keine gezeichnete Änderung</translation>
    </message>
    <message>
        <source>Changed since “%1”: %2</source>
        <translation>Geändert seit „%1“: %2</translation>
    </message>
    <message>
        <source>Show &amp;Every Token</source>
        <translation>&amp;Alle Tokens zeigen</translation>
    </message>
</context>
<context>
    <name>qkv::AttentionModel</name>
    <message>
        <source>A (given) · head %1</source>
        <translation>A (vorgegeben) · Head %1</translation>
    </message>
    <message>
        <source>Weights · head %1</source>
        <translation>Gewichte · Head %1</translation>
    </message>
</context>
<context>
    <name>qkv::ComparisonMenu</name>
    <message>
        <source>&amp;Compare With Another File…</source>
        <translation>Mit anderer Datei &amp;vergleichen…</translation>
    </message>
    <message>
        <source>Stop Co&amp;mparing</source>
        <translation>Vergleich &amp;beenden</translation>
    </message>
    <message>
        <source>Run another file of this model (another precision or quantization) on the same sentence and show how far its attention and predictions are from these</source>
        <translation>Eine andere Datei dieses Modells (andere Genauigkeit oder Quantisierung) auf demselben Satz rechnen und zeigen, wie weit ihre Aufmerksamkeit und Vorhersagen von diesen entfernt sind</translation>
    </message>
    <message>
        <source>Show the model alone again</source>
        <translation>Das Modell wieder allein zeigen</translation>
    </message>
    <message>
        <source>Cannot compare</source>
        <translation>Vergleich nicht möglich</translation>
    </message>
    <message>
        <source>Compare with another file of this model</source>
        <translation>Mit einer anderen Datei dieses Modells vergleichen</translation>
    </message>
    <message>
        <source>Models (*.gguf config.json);;All files (*)</source>
        <translation>Modelle (*.gguf config.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Compared with %1: the Δ view and the predictions show how far this model&apos;s numbers are from it</source>
        <translation>Verglichen mit %1: die Δ-Ansicht und die Vorhersagen zeigen, wie weit die Zahlen dieses Modells davon entfernt sind</translation>
    </message>
</context>
<context>
    <name>qkv::ContinuationBaseline</name>
    <message>
        <source>As first written</source>
        <translation>Wie zuerst geschrieben</translation>
    </message>
</context>
<context>
    <name>qkv::ContributionsView</name>
    <message>
        <source>Where the output comes from</source>
        <translation>Woher die Ausgabe kommt</translation>
    </message>
    <message>
        <source>Through W_O</source>
        <translation>Durch W_O</translation>
    </message>
    <message>
        <source>Take the model&apos;s output apart: every head&apos;s parts through W_O</source>
        <translation>Die Ausgabe des Modells zerlegen: die Anteile aller Köpfe durch W_O</translation>
    </message>
</context>
<context>
    <name>qkv::DocumentSession</name>
    <message>
        <source>Self-attention</source>
        <translation>Self-Attention</translation>
    </message>
    <message>
        <source>Edit second sentence</source>
        <translation>Zweiten Satz bearbeiten</translation>
    </message>
</context>
<context>
    <name>qkv::DocumentTableModel</name>
    <message>
        <source>%1 (computed; read-only)</source>
        <translation>%1 (berechnet; schreibgeschützt)</translation>
    </message>
    <message>
        <source>set in the document</source>
        <translation>im Dokument festgelegt</translation>
    </message>
    <message>
        <source>the word&apos;s default: edit it to choose your own</source>
        <translation>Standardwert des Worts: bearbeiten, um einen eigenen Wert zu wählen</translation>
    </message>
    <message>
        <source>%1 = %2 (%3). Drag sideways to scrub, or step it with + and − of the keypad: Shift fine, Ctrl coarse.</source>
        <translation>%1 = %2 (%3). Zum Verstellen seitwärts ziehen oder mit + und − des Ziffernblocks schrittweise ändern: Umschalt fein, Strg grob.</translation>
    </message>
    <message>
        <source>The pasted block (%1 × %2) does not fit: cell %3, %4 is outside the table.</source>
        <translation>Der eingefügte Block (%1 × %2) passt nicht: Zelle %3, %4 liegt außerhalb der Tabelle.</translation>
    </message>
    <message>
        <source>Cell %1, %2 is computed and cannot be pasted into.</source>
        <translation>Zelle %1, %2 wird berechnet; dort kann nichts eingefügt werden.</translation>
    </message>
    <message>
        <source>%1 (2nd)</source>
        <comment>a token of cross-attention&apos;s second sentence</comment>
        <translation>%1 (2.)</translation>
    </message>
    <message>
        <source>%1 = %2 (read-only: %3)</source>
        <translation>%1 = %2 (schreibgeschützt: %3)</translation>
    </message>
</context>
<context>
    <name>qkv::DownloadDialog</name>
    <message>
        <source>&amp;Search</source>
        <translation>&amp;Suchen</translation>
    </message>
    <message>
        <source>&amp;Check</source>
        <translation>&amp;Prüfen</translation>
    </message>
    <message>
        <source>&amp;Download</source>
        <translation>&amp;Herunterladen</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>S&amp;topp</translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>&amp;Öffnen</translation>
    </message>
    <message>
        <source>Download Model</source>
        <translation>Modell herunterladen</translation>
    </message>
    <message>
        <source>gpt2, ORG/NAME, or the model&apos;s page on the Hub</source>
        <translation>gpt2, ORG/NAME oder die Seite des Modells auf dem Hub</translation>
    </message>
    <message>
        <source>Repository</source>
        <translation>Repository</translation>
    </message>
    <message>
        <source>Models found on the Hub</source>
        <translation>Auf dem Hub gefundene Modelle</translation>
    </message>
    <message>
        <source>Type a model&apos;s name on the Hugging Face Hub (or paste its address) and Check it, or Search the Hub. Nothing is fetched before you choose Download.</source>
        <translation>Geben Sie den Namen eines Modells auf dem Hugging Face Hub ein (oder fügen Sie seine Adresse ein) und prüfen Sie es, oder durchsuchen Sie den Hub. Nichts wird geladen, bevor Sie „Herunterladen“ wählen.</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Stand</translation>
    </message>
    <message>
        <source>Files to fetch</source>
        <translation>Zu ladende Dateien</translation>
    </message>
    <message>
        <source>Download progress</source>
        <translation>Fortschritt des Downloads</translation>
    </message>
    <message>
        <source>&amp;Repository:</source>
        <translation>&amp;Repository:</translation>
    </message>
    <message>
        <source>No model QKV Lab runs matches “%1”.</source>
        <translation>Kein Modell, das QKV Lab ausführt, passt zu „%1“.</translation>
    </message>
    <message>
        <source>Choose a model to see its files and size.</source>
        <translation>Wählen Sie ein Modell, um seine Dateien und seine Größe zu sehen.</translation>
    </message>
    <message>
        <source>Searching the Hub for “%1”…</source>
        <translation>Der Hub wird nach „%1“ durchsucht …</translation>
    </message>
    <message>
        <source>Asking the Hub about %1…</source>
        <translation>Der Hub wird nach %1 gefragt …</translation>
    </message>
    <message>
        <source>Memory: the weights take %1; this machine allows %2: it does not fit.</source>
        <translation>Speicher: Die Gewichte belegen %1; dieser Rechner erlaubt %2: Es passt nicht.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; at %2: a &lt;b&gt;%3&lt;/b&gt; model, which QKV Lab runs.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; bei %2: ein &lt;b&gt;%3&lt;/b&gt;-Modell, das QKV Lab ausführt.</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s), %1; %2 to fetch.</source>
        <translation>
            <numerusform>%n Datei, %1; %2 zu laden.</numerusform>
            <numerusform>%n Dateien, %1; %2 zu laden.</numerusform>
        </translation>
    </message>
    <message>
        <source>Disk: %1 free in %2.</source>
        <translation>Festplatte: %1 frei in %2.</translation>
    </message>
    <message>
        <source>Disk: only %1 free in %2: not enough.</source>
        <translation>Festplatte: nur %1 frei in %2: nicht genug.</translation>
    </message>
    <message>
        <source>Gated: accept its terms on the Hub and set HF_TOKEN before downloading.</source>
        <translation>Zugangsbeschränkt: Akzeptieren Sie seine Bedingungen auf dem Hub und setzen Sie HF_TOKEN vor dem Herunterladen.</translation>
    </message>
    <message>
        <source>Already in the cache: Open it.</source>
        <translation>Schon im Cache: Öffnen Sie es.</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Start …</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>, %1/s, about %2 s left</source>
        <translation>, %1/s, noch etwa %2 s</translation>
    </message>
    <message>
        <source>fetching</source>
        <translation>wird geladen</translation>
    </message>
    <message>
        <source>done</source>
        <translation>fertig</translation>
    </message>
    <message>
        <source>%1 is in the cache: Open it.</source>
        <translation>%1 ist im Cache: Öffnen Sie es.</translation>
    </message>
    <message>
        <source>%1 parameters, %2</source>
        <translation>%1 Parameter, %2</translation>
    </message>
    <message>
        <source>%1 parameters</source>
        <translation>%1 Parameter</translation>
    </message>
    <message numerus="yes">
        <source>%Ln download(s)</source>
        <translation>
            <numerusform>%Ln Download</numerusform>
            <numerusform>%Ln Downloads</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s), %1, all in the cache.</source>
        <translation>
            <numerusform>%n Datei, %1, ganz im Cache.</numerusform>
            <numerusform>%n Dateien, %1, alle im Cache.</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; at %2: its configuration names no model type; opening it will tell whether QKV Lab runs it.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; bei %2: seine Konfiguration nennt keinen Modelltyp; erst beim Öffnen zeigt sich, ob QKV Lab es ausführt.</translation>
    </message>
    <message>
        <source>Memory: the weights take %1 as stored; this machine allows %2: it fits.</source>
        <translation>Speicher: Die Gewichte belegen %1 wie gespeichert; dieser Rechner erlaubt %2: Es passt.</translation>
    </message>
    <message>
        <source>%1  ·  GGUF %2  ·  %3</source>
        <translation>%1  ·  GGUF %2  ·  %3</translation>
    </message>
    <message>
        <source>%1 holds GGUF files, one for each quantization: choose one above to see its file and size.</source>
        <translation>%1 enthält GGUF-Dateien, eine je Quantisierung: Wählen Sie oben eine, um ihre Datei und Größe zu sehen.</translation>
    </message>
</context>
<context>
    <name>qkv::EmbeddingsModel</name>
    <message>
        <source>Embedding</source>
        <translation>Embedding</translation>
    </message>
</context>
<context>
    <name>qkv::ExampleNoteDock</name>
    <message>
        <source>Where the article is wrong</source>
        <translation>Wo der Artikel irrt</translation>
    </message>
    <message>
        <source>It says:</source>
        <translation>Dort steht:</translation>
    </message>
    <message>
        <source>True:</source>
        <translation>Richtig:</translation>
    </message>
    <message>
        <source>Source:</source>
        <translation>Quelle:</translation>
    </message>
    <message>
        <source>About this example</source>
        <translation>Über dieses Beispiel</translation>
    </message>
    <message>
        <source>What is open is not one of the bundled examples. Open one from the Examples menu to read the article it comes from, what it shows, and where the article&apos;s numbers are wrong.</source>
        <translation>Geöffnet ist keines der mitgelieferten Beispiele. Öffnen Sie eines über das Menü „Beispiele“, um zu lesen, aus welchem Artikel es stammt, was es zeigt und wo die Zahlen des Artikels falsch sind.</translation>
    </message>
    <message>
        <source>This note is about the example&apos;s own sentence, “%1”; the window now shows another. Edit → Undo brings the example&apos;s back.</source>
        <translation>Diese Notiz gilt dem eigenen Satz des Beispiels, „%1“; das Fenster zeigt jetzt einen anderen. Bearbeiten → Rückgängig bringt den des Beispiels zurück.</translation>
    </message>
</context>
<context>
    <name>qkv::ExportDialog</name>
    <message>
        <source>Weights A</source>
        <translation>Gewichte A</translation>
    </message>
    <message>
        <source>Raw scores S</source>
        <translation>Rohwerte S</translation>
    </message>
    <message>
        <source>Outputs O = A·V</source>
        <translation>Ausgaben O = A·V</translation>
    </message>
    <message>
        <source>Queries Q</source>
        <translation>Queries Q</translation>
    </message>
    <message>
        <source>Keys K</source>
        <translation>Keys K</translation>
    </message>
    <message>
        <source>Values V</source>
        <translation>Values V</translation>
    </message>
    <message>
        <source>Worked computation of the selected token</source>
        <translation>Rechenweg des ausgewählten Tokens</translation>
    </message>
    <message>
        <source>%1 × %2 pixels at %3 dpi</source>
        <translation>%1 × %2 Pixel bei %3 dpi</translation>
    </message>
    <message>
        <source>%1 × %2 (viewBox); scales without loss</source>
        <translation>%1 × %2 (viewBox); verlustfrei skalierbar</translation>
    </message>
    <message>
        <source>One page of %1 × %2 cm</source>
        <translation>Eine Seite mit %1 × %2 cm</translation>
    </message>
    <message>
        <source>Could not render %1: %2</source>
        <translation>%1 konnte nicht gerendert werden: %2</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <source>Save Figure</source>
        <translation>Grafik speichern</translation>
    </message>
    <message>
        <source>Save Numbers</source>
        <translation>Zahlen speichern</translation>
    </message>
    <message>
        <source>Contributions a·v to the selected token&apos;s output</source>
        <translation>Beiträge a·v zur Ausgabe des ausgewählten Tokens</translation>
    </message>
    <message>
        <source>Drawing %1 (%2 × %3 pixels)…</source>
        <translation>%1 wird gezeichnet (%2 × %3 Pixel)…</translation>
    </message>
    <message>
        <source>Stopped: %1 was not written</source>
        <translation>Angehalten: %1 wurde nicht geschrieben</translation>
    </message>
    <message>
        <source>Drawing the figure as PNG…</source>
        <translation>Die Abbildung wird als PNG gezeichnet…</translation>
    </message>
    <message>
        <source>Drawing the figure as SVG…</source>
        <translation>Die Abbildung wird als SVG gezeichnet…</translation>
    </message>
    <message>
        <source>… the preview ends here; Save and Copy write every row.</source>
        <translation>… die Vorschau endet hier; Speichern und Kopieren schreiben jede Zeile.</translation>
    </message>
    <message>
        <source>Writing %1…</source>
        <translation>%1 wird geschrieben…</translation>
    </message>
    <message>
        <source>Copying the numbers…</source>
        <translation>Die Zahlen werden kopiert…</translation>
    </message>
</context>
<context>
    <name>qkv::GenerateDialog</name>
    <message>
        <source>&amp;Generate</source>
        <translation>&amp;Erzeugen</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>&amp;Anhalten</translation>
    </message>
    <message>
        <source>Generate</source>
        <translation>Erzeugen</translation>
    </message>
    <message>
        <source>The likeliest token</source>
        <translation>Das wahrscheinlichste Token</translation>
    </message>
    <message>
        <source>Sampled</source>
        <translation>Gezogen</translation>
    </message>
    <message>
        <source>all</source>
        <translation>alle</translation>
    </message>
    <message>
        <source>&amp;Tokens to add:</source>
        <translation>Hinzuzufügende &amp;Tokens:</translation>
    </message>
    <message>
        <source>&amp;Each token:</source>
        <translation>&amp;Jedes Token:</translation>
    </message>
    <message>
        <source>T&amp;emperature:</source>
        <translation>T&amp;emperatur:</translation>
    </message>
    <message>
        <source>Top-&amp;k:</source>
        <translation>Top-&amp;k:</translation>
    </message>
    <message>
        <source>Top-&amp;p:</source>
        <translation>Top-&amp;p:</translation>
    </message>
    <message>
        <source>&amp;Seed:</source>
        <translation>&amp;Startwert:</translation>
    </message>
    <message>
        <source>Each new token in turn: the views show the attention it paid as it was written</source>
        <translation>Jedes neue Token der Reihe nach: Die Ansichten zeigen die Attention, die es beim Schreiben hatte</translation>
    </message>
    <message>
        <source>Step:</source>
        <translation>Schritt:</translation>
    </message>
    <message>
        <source>Generating…</source>
        <translation>Wird erzeugt…</translation>
    </message>
    <message>
        <source>Token %1 of %2…</source>
        <translation>Token %1 von %2…</translation>
    </message>
    <message numerus="yes">
        <source>Stopped after %n tokens.</source>
        <translation>
            <numerusform>Nach %n Token angehalten.</numerusform>
            <numerusform>Nach %n Tokens angehalten.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n tokens added.</source>
        <translation>
            <numerusform>%n Token hinzugefügt.</numerusform>
            <numerusform>%n Tokens hinzugefügt.</numerusform>
        </translation>
    </message>
    <message>
        <source>The window runs the whole text.</source>
        <translation>Das Fenster rechnet den ganzen Text.</translation>
    </message>
    <message>
        <source>Read again, the text splits into other tokens than were written, so the steps cannot be shown one by one.</source>
        <translation>Neu gelesen zerfällt der Text in andere Tokens als geschrieben wurden, daher lassen sich die Schritte nicht einzeln zeigen.</translation>
    </message>
    <message>
        <source>Open a causal language model (GPT-2, Llama, Qwen…) to let it write.</source>
        <translation>Öffnen Sie ein kausales Sprachmodell (GPT-2, Llama, Qwen…), um es schreiben zu lassen.</translation>
    </message>
    <message>
        <source>not among the likeliest</source>
        <translation>nicht unter den wahrscheinlichsten</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>“%1” %2 %</source>
        <translation>„%1“ %2 %</translation>
    </message>
    <message>
        <source>Step %1 of %2: “%3” (%4; the likeliest others: %5), written after %6 tokens. The views show the row of “%7”, what the model looked at as it chose it; the Prediction dock, what else it could have written.</source>
        <translation>Schritt %1 von %2: „%3“ (%4; die wahrscheinlichsten anderen: %5), geschrieben nach %6 Tokens. Die Ansichten zeigen die Zeile von „%7“, worauf das Modell sah, als es das Token wählte; das Vorhersage-Dock, was es sonst hätte schreiben können.</translation>
    </message>
    <message>
        <source>Show &amp;This Continuation</source>
        <translation>&amp;Diese Fortsetzung zeigen</translation>
    </message>
    <message>
        <source>Run this continuation in the window instead of the first</source>
        <translation>Diese Fortsetzung statt der ersten im Fenster rechnen</translation>
    </message>
    <message>
        <source>Writing it again with the model as changed…</source>
        <translation>Mit dem geänderten Modell neu schreiben…</translation>
    </message>
    <message numerus="yes">
        <source>With the model as changed it writes the same %n token(s).</source>
        <translation>
            <numerusform>Mit dem geänderten Modell schreibt es dasselbe %n Token.</numerusform>
            <numerusform>Mit dem geänderten Modell schreibt es dieselben %n Tokens.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>With the model as changed: the same %n token(s), then “%1” where it wrote “%2”:</source>
        <translation>
            <numerusform>Mit dem geänderten Modell: dasselbe %n Token, dann „%1“, wo es „%2“ schrieb:</numerusform>
            <numerusform>Mit dem geänderten Modell: dieselben %n Tokens, dann „%1“, wo es „%2“ schrieb:</numerusform>
        </translation>
    </message>
    <message>
        <source>The window runs the text written again; the Δ view compares it with the first.</source>
        <translation>Das Fenster rechnet den neu geschriebenen Text; die Δ-Ansicht vergleicht ihn mit dem ersten.</translation>
    </message>
</context>
<context>
    <name>qkv::GenerateMenu</name>
    <message>
        <source>&amp;Generate…</source>
        <translation>&amp;Erzeugen…</translation>
    </message>
    <message>
        <source>Let the model continue the sentence, token by token</source>
        <translation>Das Modell den Satz Token für Token fortsetzen lassen</translation>
    </message>
    <message>
        <source>The model continues the sentence a token at a time; step through what it looked at as it wrote each token</source>
        <translation>Das Modell setzt den Satz Token für Token fort; gehen Sie Schritt für Schritt durch, worauf es beim Schreiben jedes Tokens achtete</translation>
    </message>
    <message numerus="yes">
        <source>Generate %n tokens</source>
        <translation>
            <numerusform>%n Token erzeugen</numerusform>
            <numerusform>%n Tokens erzeugen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>qkv::GoalSeekDialog</name>
    <message>
        <source>&amp;Apply</source>
        <translation>&amp;Anwenden</translation>
    </message>
    <message>
        <source>Goal Seek</source>
        <translation>Zielwertsuche</translation>
    </message>
    <message>
        <source>Target weight</source>
        <translation>Zielgewicht</translation>
    </message>
    <message>
        <source>The change and the new vectors</source>
        <translation>Die Änderung und die neuen Vektoren</translation>
    </message>
    <message>
        <source>&amp;Query (row):</source>
        <translation>&amp;Query (Zeile):</translation>
    </message>
    <message>
        <source>&amp;Key (column):</source>
        <translation>&amp;Key (Spalte):</translation>
    </message>
    <message>
        <source>&amp;Head:</source>
        <translation>&amp;Head:</translation>
    </message>
    <message>
        <source>Target &amp;weight:</source>
        <translation>Ziel&amp;gewicht:</translation>
    </message>
    <message>
        <source>&amp;Change:</source>
        <translation>Ä&amp;ndern:</translation>
    </message>
    <message>
        <source>The query of “%1”</source>
        <translation>Die Query von „%1“</translation>
    </message>
    <message>
        <source>The key of “%1”</source>
        <translation>Den Key von „%1“</translation>
    </message>
    <message>
        <source>Both: the query of “%1” and the key of “%2”</source>
        <translation>Beide: die Query von „%1“ und den Key von „%2“</translation>
    </message>
    <message>
        <source>The document has no tokens</source>
        <translation>Das Dokument hat keine Tokens</translation>
    </message>
    <message>
        <source>Seek %1 Instead</source>
        <translation>Stattdessen %1 suchen</translation>
    </message>
    <message>
        <source>Weight now %1. %2.</source>
        <translation>Gewicht jetzt %1. %2.</translation>
    </message>
    <message>
        <source>The weight is %1 already: nothing to change.</source>
        <translation>Das Gewicht ist bereits %1: Nichts zu ändern.</translation>
    </message>
    <message>
        <source>Weight %1 → &lt;b&gt;%2&lt;/b&gt; with a change of length %3.</source>
        <translation>Gewicht %1 → &lt;b&gt;%2&lt;/b&gt; mit einer Änderung der Länge %3.</translation>
    </message>
    <message>
        <source>Δ query of %1</source>
        <translation>Δ Query von %1</translation>
    </message>
    <message>
        <source>new query</source>
        <translation>neue Query</translation>
    </message>
    <message>
        <source>Δ key of %1</source>
        <translation>Δ Key von %1</translation>
    </message>
    <message>
        <source>new key</source>
        <translation>neuer Key</translation>
    </message>
    <message>
        <source>Goal-seek %1 → %2 to %3</source>
        <translation>Zielwertsuche %1 → %2 auf %3</translation>
    </message>
    <message>
        <source>These rows move too, as they use the changed vector: %1.</source>
        <translation>Diese Zeilen ändern sich mit, da sie den geänderten Vektor verwenden: %1.</translation>
    </message>
</context>
<context>
    <name>qkv::HeadScoresView</name>
    <message>
        <source>Layer %1, head %2: %3 %4</source>
        <translation>Schicht %1, Head %2: %3 %4</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>nicht gemessen</translation>
    </message>
</context>
<context>
    <name>qkv::HeadsAnalysis</name>
    <message>
        <source>&amp;Analyse Heads…</source>
        <translation>Heads &amp;analysieren…</translation>
    </message>
    <message>
        <source>Score every head of the model over a corpus of sentences: previous-token, induction, entropy, attention to the first token…</source>
        <translation>Jeden Head des Modells über ein Korpus von Sätzen bewerten: Vorgänger-Token, Induktion, Entropie, Attention auf das erste Token…</translation>
    </message>
</context>
<context>
    <name>qkv::HeadsDialog</name>
    <message>
        <source>&amp;Start</source>
        <translation>&amp;Starten</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>&amp;Anhalten</translation>
    </message>
    <message>
        <source>Sa&amp;ve…</source>
        <translation>Spei&amp;chern…</translation>
    </message>
    <message>
        <source>Analyse Heads</source>
        <translation>Heads analysieren</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Durchsuchen…</translation>
    </message>
    <message>
        <source>A text file: one sentence or passage a line (at least 1,000 for steady means)</source>
        <translation>Eine Textdatei: ein Satz oder Abschnitt je Zeile (mindestens 1.000 für stabile Mittelwerte)</translation>
    </message>
    <message>
        <source>One passage a line</source>
        <translation>Ein Abschnitt je Zeile</translation>
    </message>
    <message>
        <source>The text cut into windows</source>
        <translation>Der Text in Fenster geschnitten</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> Tokens</translation>
    </message>
    <message>
        <source>A passage&apos;s tokens at most, the special tokens included: longer lines are cut</source>
        <translation>Höchstzahl der Tokens eines Abschnitts, Spezial-Tokens eingeschlossen: längere Zeilen werden gekürzt</translation>
    </message>
    <message>
        <source>&amp;Corpus:</source>
        <translation>&amp;Korpus:</translation>
    </message>
    <message>
        <source>&amp;Passages:</source>
        <translation>&amp;Abschnitte:</translation>
    </message>
    <message>
        <source>&amp;At most:</source>
        <translation>&amp;Höchstens:</translation>
    </message>
    <message>
        <source>Scores:</source>
        <translation>Scores:</translation>
    </message>
    <message>
        <source>Click a head to see the passages it scores highest on.</source>
        <translation>Klicken Sie auf einen Head, um die Abschnitte zu sehen, auf denen er am höchsten abschneidet.</translation>
    </message>
    <message>
        <source>Double-click a passage to show it in the window at this layer and head</source>
        <translation>Doppelklicken Sie auf einen Abschnitt, um ihn im Fenster in dieser Schicht und diesem Head zu zeigen</translation>
    </message>
    <message>
        <source>Analyse Heads of %1</source>
        <translation>Heads von %1 analysieren</translation>
    </message>
    <message>
        <source>Choose a corpus</source>
        <translation>Ein Korpus wählen</translation>
    </message>
    <message>
        <source>Text files (*.txt *.text *.csv);;All files (*)</source>
        <translation>Textdateien (*.txt *.text *.csv);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Choose at least one score.</source>
        <translation>Wählen Sie mindestens einen Score.</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>%1 wird gelesen…</translation>
    </message>
    <message numerus="yes">
        <source>%n passages, %1 tokens</source>
        <translation>
            <numerusform>%n Abschnitt, %1 Tokens</numerusform>
            <numerusform>%n Abschnitte, %1 Tokens</numerusform>
        </translation>
    </message>
    <message>
        <source>Stopping after the passages under way…</source>
        <translation>Wird nach den laufenden Abschnitten angehalten…</translation>
    </message>
    <message numerus="yes">
        <source>Stopped after %n passages: the scores are of those alone (partial).</source>
        <translation>
            <numerusform>Nach %n Abschnitt angehalten: Die Scores gelten nur für ihn (unvollständig).</numerusform>
            <numerusform>Nach %n Abschnitten angehalten: Die Scores gelten nur für diese (unvollständig).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n passages, %1 tokens.</source>
        <translation>
            <numerusform>%n Abschnitt, %1 Tokens.</numerusform>
            <numerusform>%n Abschnitte, %1 Tokens.</numerusform>
        </translation>
    </message>
    <message>
        <source>Layer %1, head %2: the passages with the highest %3</source>
        <translation>Schicht %1, Head %2: die Abschnitte mit dem höchsten %3</translation>
    </message>
    <message>
        <source>%1 — line %2: %3</source>
        <translation>%1 — Zeile %2: %3</translation>
    </message>
    <message>
        <source>(measured on generated sequences only)</source>
        <translation>(nur auf erzeugten Folgen gemessen)</translation>
    </message>
    <message>
        <source>Nothing to save yet: run the analysis first.</source>
        <translation>Noch nichts zu speichern: Führen Sie zuerst die Analyse aus.</translation>
    </message>
    <message>
        <source>Save the head scores</source>
        <translation>Die Scores der Heads speichern</translation>
    </message>
    <message>
        <source>CSV (*.csv);;JSON (*.json);;PNG image (*.png);;SVG drawing (*.svg);;PDF page (*.pdf)</source>
        <translation>CSV (*.csv);;JSON (*.json);;PNG-Bild (*.png);;SVG-Zeichnung (*.svg);;PDF-Seite (*.pdf)</translation>
    </message>
    <message>
        <source>Cannot save</source>
        <translation>Speichern nicht möglich</translation>
    </message>
    <message>
        <source>Open a model first: the heads of the model the window runs are scored.</source>
        <translation>Öffnen Sie zuerst ein Modell: Bewertet werden die Heads des Modells, das im Fenster läuft.</translation>
    </message>
    <message>
        <source>Scores</source>
        <translation>Scores</translation>
    </message>
    <message>
        <source>Queries and keys</source>
        <translation>Queries und Keys</translation>
    </message>
</context>
<context>
    <name>qkv::HeadsGridView</name>
    <message>
        <source>Head %1: click to show it in the heatmap</source>
        <translation>Head %1: klicken, um ihn in der Heatmap zu zeigen</translation>
    </message>
</context>
<context>
    <name>qkv::HeatmapView</name>
    <message>
        <source>Key “%1”: click to see who attends to it</source>
        <translation>Key „%1“: klicken, um zu sehen, wer auf ihn achtet</translation>
    </message>
    <message>
        <source>Query “%1”: click to see what it attends to</source>
        <translation>Query „%1“: klicken, um zu sehen, worauf sie achtet</translation>
    </message>
    <message>
        <source>Show the &amp;Whole Matrix</source>
        <translation>Die ganze &amp;Matrix zeigen</translation>
    </message>
</context>
<context>
    <name>qkv::HelpDock</name>
    <message>
        <source>Getting started</source>
        <translation>Erste Schritte</translation>
    </message>
    <message>
        <source>Five minutes with QKV Lab. Every word of a sentence asks a question (its %1), offers an answer (its %2) and carries information (its %3). Attention decides, for each word, how much it takes from every other.</source>
        <translation>Fünf Minuten mit QKV Lab. Jedes Wort eines Satzes stellt eine Frage (seine %1), bietet eine Antwort an (seinen %2) und trägt Information (seinen %3). Attention entscheidet für jedes Wort, wie viel es von jedem anderen übernimmt.</translation>
    </message>
    <message>
        <source>query</source>
        <translation>Query</translation>
    </message>
    <message>
        <source>key</source>
        <translation>Key</translation>
    </message>
    <message>
        <source>value</source>
        <translation>Value</translation>
    </message>
    <message>
        <source>1. Type a sentence</source>
        <translation>1. Einen Satz eingeben</translation>
    </message>
    <message>
        <source>Write in the &lt;b&gt;Sentence&lt;/b&gt; box at the top. The tokens appear below it at once; a new word gets vectors of its own, a word you already edited keeps them. Examples → opens the articles&apos; sentences with their numbers.</source>
        <translation>Schreiben Sie oben in das Feld &lt;b&gt;Satz&lt;/b&gt;. Die Tokens erscheinen sofort darunter; ein neues Wort erhält eigene Vektoren, ein Wort, das Sie bereits bearbeitet haben, behält seine. Im Menü Beispiele → öffnen Sie die Sätze der Artikel samt ihren Zahlen.</translation>
    </message>
    <message>
        <source>2. Select a word</source>
        <translation>2. Ein Wort auswählen</translation>
    </message>
    <message>
        <source>Click a token, a table row or a heatmap row: every view follows. The arrow graph then shows only that word&apos;s arrows, thicker where it attends more. Here “it” is selected.</source>
        <translation>Klicken Sie auf ein Token, eine Tabellenzeile oder eine Zeile der Heatmap: Alle Ansichten folgen. Das Pfeildiagramm zeigt dann nur die Pfeile dieses Worts, dicker dort, wo es stärker hinschaut. Hier ist “it” ausgewählt.</translation>
    </message>
    <message>
        <source>3. Drag a number</source>
        <translation>3. Eine Zahl ziehen</translation>
    </message>
    <message>
        <source>In the &lt;b&gt;Q | K | V&lt;/b&gt; table, press on a number and drag sideways (Shift: finer, Ctrl: coarser), or drag a point in the vector plot. The attention is recomputed while you drag; Ctrl+Z undoes the whole drag. Right-click a row for helpers: reset the word, scale to length 1, copy another word&apos;s vector.</source>
        <translation>Drücken Sie in der Tabelle &lt;b&gt;Q | K | V&lt;/b&gt; auf eine Zahl und ziehen Sie seitwärts (Umschalt: feiner, Strg: gröber), oder ziehen Sie einen Punkt im Vektordiagramm. Die Attention wird schon während des Ziehens neu berechnet; Strg+Z macht das ganze Ziehen rückgängig. Ein Rechtsklick auf eine Zeile bietet Hilfen: das Wort zurücksetzen, auf Länge 1 skalieren, den Vektor eines anderen Worts übernehmen.</translation>
    </message>
    <message>
        <source>4. Read the heatmap</source>
        <translation>4. Die Heatmap lesen</translation>
    </message>
    <message>
        <source>Row = the word that attends (query), column = the word attended to (key). A brighter cell is a larger %1; after %2 each row adds up to 1. Click a column heading to see who attends to that word. The &lt;b&gt;Worked&lt;/b&gt; tab shows every number of the selected row, from the dot products to the %3.</source>
        <translation>Zeile = das Wort, das Attention verteilt (Query), Spalte = das Wort, das Attention erhält (Key). Eine hellere Zelle bedeutet ein größeres %1; nach %2 summiert sich jede Zeile zu 1. Klicken Sie auf eine Spaltenüberschrift, um zu sehen, wer auf dieses Wort achtet. Der Tab &lt;b&gt;Rechenweg&lt;/b&gt; zeigt jede Zahl der ausgewählten Zeile, von den Skalarprodukten bis zur %3.</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>Gewicht</translation>
    </message>
    <message>
        <source>softmax</source>
        <translation>Softmax</translation>
    </message>
    <message>
        <source>output</source>
        <translation>Ausgabe</translation>
    </message>
    <message>
        <source>5. Export a figure</source>
        <translation>5. Eine Grafik exportieren</translation>
    </message>
    <message>
        <source>File → Export (Ctrl+Shift+E) writes any view as PNG, SVG or PDF, and the numbers as CSV, Markdown or LaTeX; Ctrl+Shift+C copies the figure for a slide. The same figures come from the command line: &lt;tt&gt;qkvlab export example:animal --view heatmap -o heatmap.png&lt;/tt&gt;.</source>
        <translation>Datei → Exportieren (Strg+Umschalt+E) speichert jede Ansicht als PNG, SVG oder PDF und die Zahlen als CSV, Markdown oder LaTeX; Strg+Umschalt+C kopiert die Grafik für eine Folie. Dieselben Grafiken erzeugt auch die Kommandozeile: &lt;tt&gt;qkvlab export example:animal --view heatmap -o heatmap.png&lt;/tt&gt;.</translation>
    </message>
    <message>
        <source>Press Shift+F1 and click any control to learn what it does; the &lt;a href=&quot;glossary:&quot;&gt;glossary&lt;/a&gt; explains every term.</source>
        <translation>Drücken Sie Umschalt+F1 und klicken Sie auf ein beliebiges Bedienelement, um zu erfahren, was es tut; das &lt;a href=&quot;glossary:&quot;&gt;Glossar&lt;/a&gt; erklärt jeden Begriff.</translation>
    </message>
    <message>
        <source>Help</source>
        <translation>Hilfe</translation>
    </message>
    <message>
        <source>Glossary</source>
        <translation>Glossar</translation>
    </message>
    <message>
        <source>Manual</source>
        <translation>Handbuch</translation>
    </message>
</context>
<context>
    <name>qkv::HelpMenu</name>
    <message>
        <source>&amp;Getting Started</source>
        <translation>&amp;Erste Schritte</translation>
    </message>
    <message>
        <source>A short illustrated guide to the first five minutes</source>
        <translation>Eine kurze bebilderte Anleitung für die ersten fünf Minuten</translation>
    </message>
    <message>
        <source>G&amp;lossary</source>
        <translation>&amp;Glossar</translation>
    </message>
    <message>
        <source>Every term the window uses, in plain words with one formula each</source>
        <translation>Jeder Begriff des Fensters in einfachen Worten, mit je einer Formel</translation>
    </message>
    <message>
        <source>&amp;Manual</source>
        <translation>&amp;Handbuch</translation>
    </message>
    <message>
        <source>Everything the window and the command line do, for reference</source>
        <translation>Alles, was das Fenster und die Kommandozeile tun, zum Nachschlagen</translation>
    </message>
</context>
<context>
    <name>qkv::InvarianceDock</name>
    <message>
        <source>Invariances</source>
        <translation>Invarianzen</translation>
    </message>
    <message>
        <source>What does attention ignore? Each transformation is one edit (Ctrl+Z takes it back); the badges say which numbers it changed.</source>
        <translation>Was übergeht Attention? Jede Transformation ist ein Bearbeitungsschritt (Strg+Z nimmt ihn zurück); die Plaketten sagen, welche Zahlen er geändert hat.</translation>
    </message>
    <message>
        <source>Scores</source>
        <translation>Scores</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Gewichte</translation>
    </message>
    <message>
        <source>Outputs</source>
        <translation>Ausgaben</translation>
    </message>
    <message>
        <source>%1 changed (by %2)</source>
        <translation>%1 geändert (um %2)</translation>
    </message>
    <message>
        <source>%1 unchanged</source>
        <translation>%1 unverändert</translation>
    </message>
</context>
<context>
    <name>qkv::LayersGridView</name>
    <message>
        <source>no tokens shown</source>
        <translation>keine Tokens angezeigt</translation>
    </message>
    <message>
        <source>strongest %1 from %2 to %3; mean row entropy %4 bits; to the first token %5, the previous %6, itself %7</source>
        <translation>stärkstes Gewicht %1 von %2 auf %3; mittlere Zeilenentropie %4 Bit; auf das erste Token %5, auf das vorige %6, auf sich selbst %7</translation>
    </message>
    <message>
        <source>L%1</source>
        <translation>S%1</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>Gewicht</translation>
    </message>
    <message>
        <source>H%1</source>
        <translation>H%1</translation>
    </message>
    <message>
        <source>layer %1, head %2: %3</source>
        <translation>Schicht %1, Head %2: %3</translation>
    </message>
    <message>
        <source>%1 (switched off: its output is zero)</source>
        <translation>%1 (abgeschaltet: seine Ausgabe ist null)</translation>
    </message>
    <message>
        <source>No model: open a model&apos;s attention</source>
        <translation>Kein Modell: Öffnen Sie die Attention eines Modells</translation>
    </message>
    <message>
        <source>Every token is hidden</source>
        <translation>Alle Tokens sind ausgeblendet</translation>
    </message>
    <message>
        <source>Too small for %1 × %2 tiles</source>
        <translation>Zu klein für %1 × %2 Kacheln</translation>
    </message>
    <message>
        <source>Show Layer %1, Head %2</source>
        <translation>Schicht %1, Head %2 anzeigen</translation>
    </message>
    <message>
        <source>Switch Head Off</source>
        <translation>Head abschalten</translation>
    </message>
    <message>
        <source>Its output becomes zero: what does the model predict without it?</source>
        <translation>Seine Ausgabe wird null: Was sagt das Modell ohne ihn vorher?</translation>
    </message>
    <message>
        <source>Computing the attention of %1 heads from their queries and keys: %2 done…</source>
        <translation>Die Attention von %1 Heads wird aus ihren Queries und Keys berechnet: %2 fertig …</translation>
    </message>
</context>
<context>
    <name>qkv::LessonController</name>
    <message>
        <source>&amp;Lesson</source>
        <translation>&amp;Lektion</translation>
    </message>
    <message>
        <source>&amp;Open Lesson…</source>
        <translation>Lektion ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open lesson</source>
        <translation>Lektion öffnen</translation>
    </message>
    <message>
        <source>QKV Lab lessons (*.qkvlesson.json);;All files (*)</source>
        <translation>QKV-Lab-Lektionen (*.qkvlesson.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Lesson: %1</source>
        <translation>Lektion: %1</translation>
    </message>
    <message>
        <source>&amp;Next Step</source>
        <translation>&amp;Nächster Schritt</translation>
    </message>
    <message>
        <source>&amp;Previous Step</source>
        <translation>&amp;Voriger Schritt</translation>
    </message>
    <message>
        <source>&amp;Close Lesson</source>
        <translation>Lektion &amp;schließen</translation>
    </message>
    <message>
        <source>New Lesson from &amp;Document</source>
        <translation>Neue Lektion aus dem &amp;Dokument</translation>
    </message>
    <message>
        <source>Untitled lesson</source>
        <translation>Unbenannte Lektion</translation>
    </message>
    <message>
        <source>&amp;Record Step</source>
        <translation>Schritt &amp;aufnehmen</translation>
    </message>
    <message>
        <source>Add what the window shows now (the document, the token, the head, the views) as the lesson&apos;s next step</source>
        <translation>Fügt hinzu, was das Fenster jetzt zeigt (das Dokument, das Token, den Head, die Ansichten), als nächsten Schritt der Lektion</translation>
    </message>
    <message>
        <source>&amp;Edit Steps…</source>
        <translation>Schritte &amp;bearbeiten…</translation>
    </message>
    <message>
        <source>&amp;Save Lesson As…</source>
        <translation>Lektion speichern &amp;unter…</translation>
    </message>
    <message>
        <source>Save lesson</source>
        <translation>Lektion speichern</translation>
    </message>
    <message>
        <source>Lesson: solution of step %1</source>
        <translation>Lektion: Lösung von Schritt %1</translation>
    </message>
    <message>
        <source>The solution does not fit this document: %1</source>
        <translation>Die Lösung passt nicht zu diesem Dokument: %1</translation>
    </message>
    <message>
        <source>Could not open lesson</source>
        <translation>Die Lektion konnte nicht geöffnet werden</translation>
    </message>
    <message>
        <source>(Describe this step.)</source>
        <translation>(Beschreiben Sie diesen Schritt.)</translation>
    </message>
    <message>
        <source>Could not save the lesson</source>
        <translation>Die Lektion konnte nicht gespeichert werden</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>Lesson: step %1</source>
        <translation>Lektion: Schritt %1</translation>
    </message>
    <message>
        <source>Answer the lesson&apos;s question: the weights show once you have.</source>
        <translation>Beantworten Sie die Frage der Lektion: Die Gewichte erscheinen, sobald Sie es getan haben.</translation>
    </message>
    <message>
        <source>Lesson: answer</source>
        <translation>Lektion: Antwort</translation>
    </message>
</context>
<context>
    <name>qkv::LessonDock</name>
    <message>
        <source>Lesson</source>
        <translation>Lektion</translation>
    </message>
    <message>
        <source>Step text</source>
        <translation>Text des Schritts</translation>
    </message>
    <message>
        <source>Exercise</source>
        <translation>Aufgabe</translation>
    </message>
    <message>
        <source>Your answer</source>
        <translation>Ihre Antwort</translation>
    </message>
    <message>
        <source>&amp;Answer</source>
        <translation>&amp;Antworten</translation>
    </message>
    <message>
        <source>&amp;Hint</source>
        <translation>&amp;Tipp</translation>
    </message>
    <message>
        <source>Show &amp;solution</source>
        <translation>&amp;Lösung zeigen</translation>
    </message>
    <message>
        <source>◀ &amp;Back</source>
        <translation>◀ &amp;Zurück</translation>
    </message>
    <message>
        <source>&amp;Next ▶</source>
        <translation>&amp;Weiter ▶</translation>
    </message>
    <message>
        <source>The previous step (Page Up)</source>
        <translation>Der vorige Schritt (Bild auf)</translation>
    </message>
    <message>
        <source>The next step (Page Down)</source>
        <translation>Der nächste Schritt (Bild ab)</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>Schritt %1 von %2</translation>
    </message>
    <message>
        <source>Step %1 of %2: %3</source>
        <translation>Schritt %1 von %2: %3</translation>
    </message>
    <message>
        <source>Sho&amp;w answer</source>
        <translation>Antwort &amp;zeigen</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>Wird geprüft…</translation>
    </message>
    <message>
        <source>Goal met.</source>
        <translation>Ziel erreicht.</translation>
    </message>
    <message>
        <source>Choose an answer.</source>
        <translation>Wählen Sie eine Antwort.</translation>
    </message>
    <message>
        <source>Type your answer; the weights show once you have answered.</source>
        <translation>Geben Sie Ihre Antwort ein; die Gewichte erscheinen, sobald Sie geantwortet haben.</translation>
    </message>
    <message>
        <source>Right: %1</source>
        <translation>Richtig: %1</translation>
    </message>
    <message>
        <source>Not quite: %1</source>
        <translation>Nicht ganz: %1</translation>
    </message>
    <message>
        <source>&amp;Hint (%1 of %2)</source>
        <translation>&amp;Tipp (%1 von %2)</translation>
    </message>
    <message numerus="yes">
        <source>%n attempt(s)</source>
        <translation>
            <numerusform>%n Versuch</numerusform>
            <numerusform>%n Versuche</numerusform>
        </translation>
    </message>
    <message>
        <source>“%1” is not a number.</source>
        <translation>„%1“ ist keine Zahl.</translation>
    </message>
    <message>
        <source>Choose an answer first.</source>
        <translation>Wählen Sie zuerst eine Antwort.</translation>
    </message>
    <message>
        <source>The answer: %1</source>
        <translation>Die Antwort: %1</translation>
    </message>
    <message>
        <source>Not yet:</source>
        <translation>Noch nicht:</translation>
    </message>
    <message>
        <source>&amp;Try Again</source>
        <translation>&amp;Noch einmal</translation>
    </message>
    <message>
        <source>Start this exercise afresh: your answer is cleared and the step&apos;s numbers come back</source>
        <translation>Diese Aufgabe neu beginnen: Ihre Antwort wird gelöscht und die Zahlen des Schritts kehren zurück</translation>
    </message>
    <message>
        <source>Goal met. (Your changes since have left it: that is fine.)</source>
        <translation>Ziel erreicht. (Ihre späteren Änderungen haben es wieder verlassen: Das ist in Ordnung.)</translation>
    </message>
    <message>
        <source>Click the cell of the heatmap you expect to be largest in the row of %1; the weights show once you have answered.</source>
        <translation>Klicken Sie in der Zeile von %1 auf die Zelle der Heatmap, die Sie für die größte halten; die Gewichte erscheinen, sobald Sie geantwortet haben.</translation>
    </message>
    <message>
        <source>%1 is too high.</source>
        <translation>%1 ist zu hoch.</translation>
    </message>
    <message>
        <source>%1 is too low.</source>
        <translation>%1 ist zu niedrig.</translation>
    </message>
    <message>
        <source>%1 is not the key it attends to most.</source>
        <translation>%1 ist nicht der Key, auf den es am meisten achtet.</translation>
    </message>
    <message>
        <source>“%1” is not it.</source>
        <translation>„%1“ ist es nicht.</translation>
    </message>
    <message>
        <source>Read the hint below and try again.</source>
        <translation>Lesen Sie den Hinweis unten und versuchen Sie es noch einmal.</translation>
    </message>
    <message>
        <source>Try again.</source>
        <translation>Versuchen Sie es noch einmal.</translation>
    </message>
    <message numerus="yes">
        <source>(The answer shows after %n more wrong answer(s), or with Show answer.)</source>
        <translation>
            <numerusform>(Die Antwort erscheint nach %n weiteren falschen Antwort oder mit „Antwort zeigen“.)</numerusform>
            <numerusform>(Die Antwort erscheint nach %n weiteren falschen Antworten oder mit „Antwort zeigen“.)</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Lesson complete.&lt;/b&gt; You have reached the end of “%1”.</source>
        <translation>&lt;b&gt;Lektion abgeschlossen.&lt;/b&gt; Sie haben das Ende von „%1“ erreicht.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Lesson complete.&lt;/b&gt; You have reached the end of “%1”: %2 of %3 exercises met.</source>
        <translation>&lt;b&gt;Lektion abgeschlossen.&lt;/b&gt; Sie haben das Ende von „%1“ erreicht: %2 von %3 Aufgaben gelöst.</translation>
    </message>
</context>
<context>
    <name>qkv::LessonStepsDialog</name>
    <message>
        <source>Edit Steps</source>
        <translation>Schritte bearbeiten</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>Schritte</translation>
    </message>
    <message>
        <source>Step title</source>
        <translation>Titel des Schritts</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Titel</translation>
    </message>
    <message>
        <source>Step text</source>
        <translation>Text des Schritts</translation>
    </message>
    <message>
        <source>What the step says (Markdown)</source>
        <translation>Was der Schritt sagt (Markdown)</translation>
    </message>
    <message>
        <source>&amp;Up</source>
        <translation>&amp;Hoch</translation>
    </message>
    <message>
        <source>&amp;Down</source>
        <translation>&amp;Runter</translation>
    </message>
    <message>
        <source>De&amp;lete</source>
        <translation>&amp;Löschen</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
</context>
<context>
    <name>qkv::LiveHistory</name>
    <message>
        <source>Target “%1”</source>
        <translation>Ziel „%1“</translation>
    </message>
</context>
<context>
    <name>qkv::LiveRunDisplay</name>
    <message>
        <source>Each bar is one token: a word or the first piece of one; “##” marks a piece that continues a word.</source>
        <translation>Jeder Balken ist ein Token: ein Wort oder dessen erstes Stück; „##“ kennzeichnet ein Stück, das ein Wort fortsetzt.</translation>
    </message>
    <message>
        <source>Each bar is one token: “Ġ” (a space) starts a word; a token without it continues the word before it.</source>
        <translation>Jeder Balken ist ein Token: „Ġ“ (ein Leerzeichen) beginnt ein Wort; ein Token ohne es setzt das Wort davor fort.</translation>
    </message>
    <message>
        <source>Each bar is one token: “▁” (a space) starts a word; a token without it continues the word before it.</source>
        <translation>Jeder Balken ist ein Token: „▁“ (ein Leerzeichen) beginnt ein Wort; ein Token ohne es setzt das Wort davor fort.</translation>
    </message>
    <message>
        <source>Running %1…</source>
        <translation>%1 wird ausgeführt…</translation>
    </message>
    <message>
        <source>No model is running: open one from the Model menu.</source>
        <translation>Kein Modell läuft: Öffnen Sie eines über das Menü „Modell“.</translation>
    </message>
    <message>
        <source>Computing the model</source>
        <translation>Modell wird berechnet</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Anhalten</translation>
    </message>
    <message>
        <source>Stop computing: the views keep the last sentence the model finished</source>
        <translation>Berechnung anhalten: Die Ansichten behalten den letzten Satz, den das Modell fertig berechnet hat</translation>
    </message>
    <message>
        <source>Stopped: the views show the last sentence the model finished</source>
        <translation>Angehalten: Die Ansichten zeigen den letzten Satz, den das Modell fertig berechnet hat</translation>
    </message>
    <message>
        <source>The prediction comes with the last layer</source>
        <translation>Die Vorhersage kommt mit der letzten Schicht</translation>
    </message>
    <message>
        <source>Layer 1 of %1 is shown; the model is computing the others</source>
        <translation>Schicht 1 von %1 wird gezeigt; das Modell berechnet die übrigen</translation>
    </message>
    <message>
        <source>Layers 1 to %1 of %2 are shown; the model is computing the others</source>
        <translation>Schichten 1 bis %1 von %2 werden gezeigt; das Modell berechnet die übrigen</translation>
    </message>
    <message>
        <source>Layer %1 of %2</source>
        <translation>Schicht %1 von %2</translation>
    </message>
    <message>
        <source>The model cannot run on this: %1</source>
        <translation>Das Modell kann diese Eingabe nicht verarbeiten: %1</translation>
    </message>
    <message>
        <source>This checkpoint has no language-model head: nothing to predict.</source>
        <translation>Dieses Modell hat keinen Sprachmodell-Kopf: Es gibt nichts vorherzusagen.</translation>
    </message>
    <message>
        <source>Type %1 in the sentence to see what the model puts there.</source>
        <translation>Geben Sie %1 in den Satz ein, um zu sehen, was das Modell dort einsetzt.</translation>
    </message>
    <message>
        <source>Next token after “%1”</source>
        <translation>Nächstes Token nach „%1“</translation>
    </message>
    <message>
        <source>%1 at token %2</source>
        <translation>%1 bei Token %2</translation>
    </message>
    <message>
        <source>%1 (from %2)</source>
        <translation>%1 (von %2)</translation>
    </message>
    <message>
        <source>Next target token after “%1”</source>
        <translation>Nächstes Ziel-Token nach „%1“</translation>
    </message>
    <message>
        <source>%1 tokens: every head&apos;s attention is kept, %2 weights in float16 (%3)</source>
        <translation>%1 Token: die Aufmerksamkeit jedes Kopfes wird behalten, %2 Gewichte in float16 (%3)</translation>
    </message>
    <message>
        <source>%1 tokens: every head&apos;s attention is kept, %2 weights in float32 (%3)</source>
        <translation>%1 Token: die Aufmerksamkeit jedes Kopfes wird behalten, %2 Gewichte in float32 (%3)</translation>
    </message>
    <message>
        <source>The framed bar is the token the text goes on with.</source>
        <translation>Der umrahmte Balken ist das Token, mit dem der Text weitergeht.</translation>
    </message>
    <message>
        <source>%1 tokens: %2 weights would take %3 even in float16, so each head&apos;s attention is computed again from its queries and keys when shown</source>
        <translation>%1 Tokens: %2 Gewichte bräuchten selbst in float16 %3, daher wird die Attention jedes Heads beim Anzeigen aus seinen Queries und Keys neu berechnet</translation>
    </message>
</context>
<context>
    <name>qkv::MainWindow</name>
    <message>
        <source>&lt;opened&gt;</source>
        <translation>&lt;geöffnet&gt;</translation>
    </message>
    <message numerus="yes">
        <source>Computing attention for %n token(s)…</source>
        <translation>
            <numerusform>Attention wird für %n Token berechnet…</numerusform>
            <numerusform>Attention wird für %n Tokens berechnet…</numerusform>
        </translation>
    </message>
    <message>
        <source>Ctrl+Shift+S</source>
        <translation>Ctrl+Shift+S</translation>
    </message>
    <message>
        <source>Ctrl+Q</source>
        <translation>Ctrl+Q</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederholen</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Rückgängig</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>Wiederholen</translation>
    </message>
    <message>
        <source>Head </source>
        <translation>Head </translation>
    </message>
    <message>
        <source>The head the heatmap and the attention table show</source>
        <translation>Der Head, den die Heatmap und die Attention-Tabelle zeigen</translation>
    </message>
    <message>
        <source>Head shown</source>
        <translation>Angezeigter Head</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Leeren</translation>
    </message>
    <message>
        <source>Ctrl+Shift+E</source>
        <translation>Ctrl+Shift+E</translation>
    </message>
    <message>
        <source>Ctrl+Shift+C</source>
        <translation>Ctrl+Shift+C</translation>
    </message>
    <message>
        <source>V</source>
        <translation>V</translation>
    </message>
    <message>
        <source>Q | K | V</source>
        <translation>Q | K | V</translation>
    </message>
    <message>
        <source>Weights mode: the attention is given directly, so queries and keys are not used; only the values V are shown.</source>
        <translation>Gewichtsmodus: Die Attention ist direkt vorgegeben, daher werden Queries und Keys nicht verwendet; nur die Values V werden angezeigt.</translation>
    </message>
    <message numerus="yes">
        <source>%n token(s). Rows are querying tokens, columns the tokens they attend to.</source>
        <translation>
            <numerusform>%n Token. Zeilen sind anfragende Tokens, Spalten die Tokens, auf die sie achten.</numerusform>
            <numerusform>%n Tokens. Zeilen sind anfragende Tokens, Spalten die Tokens, auf die sie achten.</numerusform>
        </translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>Warnung: %1</translation>
    </message>
    <message>
        <source>Key “%1”: no query can see it (its column is masked).</source>
        <translation>Key „%1“: Keine Query kann ihn sehen (seine Spalte ist maskiert).</translation>
    </message>
    <message>
        <source>Key “%1”: “%2” attends to it most (%3). The arrows show who attends to it.</source>
        <translation>Key „%1“: „%2“ achtet am stärksten auf ihn (%3). Die Pfeile zeigen, wer auf ihn achtet.</translation>
    </message>
    <message>
        <source>Key “%1”: click to see who attends to it.</source>
        <translation>Key „%1“: klicken, um zu sehen, wer auf ihn achtet.</translation>
    </message>
    <message>
        <source>Query “%1”: click to see what it attends to.</source>
        <translation>Query „%1“: klicken, um zu sehen, worauf sie achtet.</translation>
    </message>
    <message>
        <source>Undone: %1</source>
        <translation>Rückgängig gemacht: %1</translation>
    </message>
    <message>
        <source>%1[*] — QKV Lab</source>
        <translation>%1[*] — QKV Lab</translation>
    </message>
    <message>
        <source>&amp;Zoom</source>
        <translation>&amp;Zoom</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>&amp;Vergrößern</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>Ver&amp;kleinern</translation>
    </message>
    <message>
        <source>&amp;Actual Size</source>
        <translation>&amp;Originalgröße</translation>
    </message>
    <message>
        <source>Zoom %1 %</source>
        <translation>Zoom %1 %</translation>
    </message>
    <message>
        <source>Cannot show the model</source>
        <translation>Das Modell kann nicht angezeigt werden</translation>
    </message>
    <message>
        <source>Switch &amp;Head %1 of Layer %2 Off</source>
        <translation>&amp;Head %1 in Schicht %2 abschalten</translation>
    </message>
    <message>
        <source>Switch Head Off</source>
        <translation>Head abschalten</translation>
    </message>
    <message>
        <source>Cannot show the model so</source>
        <translation>Das Modell kann so nicht angezeigt werden</translation>
    </message>
    <message>
        <source>Not applied: %1.</source>
        <translation>Nicht übernommen: %1.</translation>
    </message>
    <message>
        <source>“%1”: its arrows alone. Click to lock them; Escape or the unlock button frees them.</source>
        <translation>„%1“: nur seine Pfeile. Klicken, um sie zu fixieren; Esc oder die Schaltfläche zum Freigeben hebt die Fixierung auf.</translation>
    </message>
    <message>
        <source>Raw scores</source>
        <translation>Rohwerte</translation>
    </message>
    <message>
        <source>Colour the heatmaps by the raw scores S (diverging map) instead of the weights</source>
        <translation>Färbt die Heatmaps nach den Rohwerten S (divergierende Farbskala) statt nach den Gewichten</translation>
    </message>
    <message>
        <source>Scale without first</source>
        <translation>Skala ohne erstes Token</translation>
    </message>
    <message>
        <source>Leave the first token&apos;s column out of the colour scale: real models park much attention there (an attention sink), which washes out every other cell</source>
        <translation>Lässt die Spalte des ersten Tokens bei der Farbskalierung außen vor: Echte Modelle parken dort viel Attention (ein Attention-Sink), wodurch alle anderen Zellen verblassen</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>Systemsprache</translation>
    </message>
    <message>
        <source>the system&apos;s language</source>
        <translation>die Sprache des Systems</translation>
    </message>
    <message>
        <source>QKV Lab speaks %1 from its next start.</source>
        <translation>QKV Lab verwendet ab dem nächsten Start: %1.</translation>
    </message>
    <message>
        <source>%1. Click: select the query; Shift+click: select the key; Ctrl+click: mask or unmask the cell.</source>
        <translation>%1. Klick: Query auswählen; Umschalt+Klick: Key auswählen; Strg+Klick: Zelle maskieren oder Maskierung aufheben.</translation>
    </message>
    <message>
        <source>Export &amp;Animation…</source>
        <translation>&amp;Animation exportieren…</translation>
    </message>
    <message>
        <source>Cross-attention: the sentence&apos;s tokens ask the queries; the rows marked (2nd), the second sentence&apos;s, give the keys and values. The numbers that take no part are greyed.</source>
        <translation>Cross-Attention: Die Tokens des Satzes stellen die Queries; die mit (2.) markierten Zeilen, die des zweiten Satzes, geben die Keys und Values. Zahlen, die nicht mitwirken, sind ausgegraut.</translation>
    </message>
    <message>
        <source>Cross-attention: %1 queries × %2 keys. Rows are the sentence&apos;s tokens, columns the second sentence&apos;s.</source>
        <translation>Cross-Attention: %1 Queries × %2 Keys. Zeilen sind die Tokens des Satzes, Spalten die des zweiten Satzes.</translation>
    </message>
    <message>
        <source>Switch &amp;Head %1 Off</source>
        <translation>&amp;Head %1 abschalten</translation>
    </message>
    <message>
        <source>of layer %1</source>
        <translation>von Schicht %1</translation>
    </message>
    <message>
        <source>Read-only: %1</source>
        <translation>Schreibgeschützt: %1</translation>
    </message>
    <message>
        <source>layer %1 of %2</source>
        <translation>Schicht %1 von %2</translation>
    </message>
    <message>
        <source>max of %1 layers</source>
        <translation>Maximum von %1 Schichten</translation>
    </message>
    <message>
        <source>mean of %1 layers</source>
        <translation>Mittel von %1 Schichten</translation>
    </message>
    <message>
        <source>max of heads</source>
        <translation>Maximum der Heads</translation>
    </message>
    <message>
        <source>mean of heads</source>
        <translation>Mittel der Heads</translation>
    </message>
    <message>
        <source>word pieces merged</source>
        <translation>Wortstücke verbunden</translation>
    </message>
    <message>
        <source>special tokens hidden</source>
        <translation>Sondertokens ausgeblendet</translation>
    </message>
    <message>
        <source>&amp;Target:</source>
        <translation>&amp;Ziel:</translation>
    </message>
    <message>
        <source>Target so far (the decoder&apos;s input)</source>
        <translation>Bisheriges Ziel (die Eingabe des Decoders)</translation>
    </message>
    <message>
        <source>An encoder-decoder model (T5) reads the sentence with its encoder and writes the target with its decoder: type the target so far, and the model predicts its next token. Cross-attention is the target&apos;s tokens looking at the sentence&apos;s.</source>
        <translation>Ein Encoder-Decoder-Modell (T5) liest den Satz mit seinem Encoder und schreibt das Ziel mit seinem Decoder: Tippen Sie das bisherige Ziel, und das Modell sagt dessen nächstes Token voraus. Cross-Attention sind die Tokens des Ziels, die auf die des Satzes schauen.</translation>
    </message>
    <message>
        <source>the target so far (empty: the decoder&apos;s first token)</source>
        <translation>das bisherige Ziel (leer: das erste Token des Decoders)</translation>
    </message>
    <message>
        <source>&amp;Keys from:</source>
        <translation>&amp;Keys aus:</translation>
    </message>
    <message>
        <source>Second sentence (cross-attention)</source>
        <translation>Zweiter Satz (Cross-Attention)</translation>
    </message>
    <message>
        <source>Cross-attention: a second sentence whose tokens give the keys and values, while the sentence&apos;s give the queries. Empty: self-attention</source>
        <translation>Cross-Attention: ein zweiter Satz, dessen Tokens die Keys und Values geben, während die Tokens des Satzes die Queries stellen. Leer: Self-Attention</translation>
    </message>
    <message>
        <source>the sentence itself (self-attention)</source>
        <translation>der Satz selbst (Self-Attention)</translation>
    </message>
    <message>
        <source>encoder</source>
        <translation>Encoder</translation>
    </message>
    <message>
        <source>decoder</source>
        <translation>Decoder</translation>
    </message>
    <message>
        <source>cross-attention</source>
        <translation>Cross-Attention</translation>
    </message>
    <message>
        <source>rollout through %1 layers</source>
        <translation>Rollout durch %1 Schichten</translation>
    </message>
    <message>
        <source>flow through %1 layers</source>
        <translation>Flow durch %1 Schichten</translation>
    </message>
</context>
<context>
    <name>qkv::ModelComparison</name>
    <message>
        <source>Open a model first: another file of it is compared with the model running.</source>
        <translation>Zuerst ein Modell öffnen: eine andere Datei davon wird mit dem laufenden Modell verglichen.</translation>
    </message>
    <message>
        <source>%1 has %2 layers of %3 heads and %4 tokens, the model running %5, %6 and %7: they are not files of one model.</source>
        <translation>%1 hat %2 Schichten zu %3 Köpfen und %4 Token, das laufende Modell %5, %6 und %7: es sind keine Dateien desselben Modells.</translation>
    </message>
    <message>
        <source>Compared: %1</source>
        <translation>Verglichen: %1</translation>
    </message>
    <message>
        <source>%1 splits the sentence into other tokens: it is not a file of the model running.</source>
        <translation>%1 zerlegt den Satz in andere Token: es ist keine Datei des laufenden Modells.</translation>
    </message>
    <message>
        <source>Compare with %1</source>
        <translation>Mit %1 vergleichen</translation>
    </message>
    <message>
        <source>Stop comparing</source>
        <translation>Vergleich beenden</translation>
    </message>
</context>
<context>
    <name>qkv::ModelWorkspace</name>
    <message>
        <source>a running model computes its attention its own way; edit its queries, keys and values, or switch heads off</source>
        <translation>ein laufendes Modell berechnet seine Attention auf eigene Weise; bearbeiten Sie seine Queries, Keys und Values oder schalten Sie Heads ab</translation>
    </message>
    <message>
        <source>this view combines the model&apos;s numbers (word pieces merged, special tokens hidden, or heads or layers combined), so its attention comes from no single query and key and an edit would not reach the model. Show one layer&apos;s heads on the model&apos;s own tokens (Model dock) to edit them.</source>
        <translation>Diese Ansicht fasst die Zahlen des Modells zusammen (Wortstücke verbunden, Sondertokens ausgeblendet oder Heads bzw. Schichten kombiniert), daher stammt ihre Attention von keiner einzelnen Query und keinem einzelnen Key, und eine Änderung würde das Modell nicht erreichen. Zeigen Sie die Heads einer Schicht auf den eigenen Tokens des Modells (Bereich „Modell“), um sie zu bearbeiten.</translation>
    </message>
    <message>
        <source>Switch head %1 off</source>
        <translation>Head %1 abschalten</translation>
    </message>
    <message>
        <source>Switch head %1 on</source>
        <translation>Head %1 einschalten</translation>
    </message>
    <message>
        <source>Reset all layers</source>
        <translation>Alle Schichten zurücksetzen</translation>
    </message>
    <message>
        <source>Snapshots and annotations</source>
        <translation>Schnappschüsse und Anmerkungen</translation>
    </message>
    <message>
        <source>%1 in %2</source>
        <translation>%1 in %2</translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation>Schicht %1</translation>
    </message>
    <message>
        <source>encoder layer %1</source>
        <translation>Encoder-Schicht %1</translation>
    </message>
    <message>
        <source>decoder layer %1</source>
        <translation>Decoder-Schicht %1</translation>
    </message>
    <message>
        <source>cross-attention layer %1</source>
        <translation>Cross-Attention-Schicht %1</translation>
    </message>
    <message>
        <source>Switch head %1 of %2 off</source>
        <translation>Kopf %1 von %2 ausschalten</translation>
    </message>
    <message>
        <source>Switch head %1 of %2 on</source>
        <translation>Kopf %1 von %2 einschalten</translation>
    </message>
    <message>
        <source>Reset %1</source>
        <translation>%1 zurücksetzen</translation>
    </message>
</context>
<context>
    <name>qkv::OutputProjectionModel</name>
    <message>
        <source>h%1 · o%2</source>
        <translation>h%1 · o%2</translation>
    </message>
    <message>
        <source>o%1</source>
        <translation>o%1</translation>
    </message>
    <message>
        <source>W_O</source>
        <translation>W_O</translation>
    </message>
    <message>
        <source>W_O (identity until edited)</source>
        <translation>W_O (Identität, bis sie bearbeitet wird)</translation>
    </message>
</context>
<context>
    <name>qkv::OutputsModel</name>
    <message>
        <source>Output · head %1</source>
        <translation>Ausgabe · Head %1</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>Ausgabe</translation>
    </message>
    <message>
        <source>o%1 of “%2” = %3: the weighted sum of the values, Σ a·v (computed; read-only)</source>
        <translation>o%1 von „%2“ = %3: die gewichtete Summe der Values, Σ a·v (berechnet; schreibgeschützt)</translation>
    </message>
</context>
<context>
    <name>qkv::PredictionView</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: %2, was %3 (%4 points)</source>
        <translation>%1: %2, vorher %3 (%4 Prozentpunkte)</translation>
    </message>
    <message>
        <source>ranked %1 in the vocabulary</source>
        <translation>Rang %1 im Vokabular</translation>
    </message>
    <message>
        <source>the token the text goes on with</source>
        <translation>das Token, mit dem der Text weitergeht</translation>
    </message>
</context>
<context>
    <name>qkv::PresenterMode</name>
    <message>
        <source>&amp;Presenter Mode</source>
        <translation>&amp;Präsentationsmodus</translation>
    </message>
    <message>
        <source>Full screen for a projector: large text, high contrast, the lesson as a caption</source>
        <translation>Vollbild für einen Projektor: große Schrift, hoher Kontrast, die Lektion als Bildunterschrift</translation>
    </message>
</context>
<context>
    <name>qkv::ProjectionsModel</name>
    <message>
        <source>%1 · head %2</source>
        <translation>%1 · Head %2</translation>
    </message>
</context>
<context>
    <name>qkv::QueryKeyPanel</name>
    <message>
        <source>&amp;Plot</source>
        <translation>&amp;Zeichnen</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Anhalten</translation>
    </message>
    <message>
        <source>Show in the &amp;Window</source>
        <translation>Im &amp;Fenster zeigen</translation>
    </message>
    <message>
        <source>layer </source>
        <translation>Schicht </translation>
    </message>
    <message>
        <source>head </source>
        <translation>Head </translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> Tokens</translation>
    </message>
    <message>
        <source>The corpus&apos;s first tokens plotted: each is a query and a key</source>
        <translation>Die ersten Tokens des Korpus werden gezeichnet: jedes als Query und als Key</translation>
    </message>
    <message>
        <source>Colour by role</source>
        <translation>Farbe nach Rolle</translation>
    </message>
    <message>
        <source>Colour by position</source>
        <translation>Farbe nach Position</translation>
    </message>
    <message>
        <source>Colour by token</source>
        <translation>Farbe nach Token</translation>
    </message>
    <message>
        <source>%1 “%2”, token %3 of line %4</source>
        <translation>%1 „%2“, Token %3 von Zeile %4</translation>
    </message>
    <message>
        <source>key</source>
        <translation>Key</translation>
    </message>
    <message>
        <source>query</source>
        <translation>Query</translation>
    </message>
    <message>
        <source>Running the model over the corpus…</source>
        <translation>Das Modell läuft über das Korpus…</translation>
    </message>
    <message>
        <source>%1 tokens gathered…</source>
        <translation>%1 Tokens gesammelt…</translation>
    </message>
    <message>
        <source>Layer %1, head %2: %3 queries (green) and keys (pink) from %4 passages, on their principal plane (%5 % and %6 % of the variance). As in AttentionViz, the queries are scaled by %7 and the keys by its inverse, and the keys moved onto the queries&apos; mean: no query&apos;s softmax changes, so a query lies near the keys it attends to. Drag to pan, the wheel zooms, a double-click shows all.</source>
        <translation>Schicht %1, Head %2: %3 Queries (grün) und Keys (rosa) aus %4 Abschnitten, auf ihrer Hauptebene (%5 % und %6 % der Varianz). Wie in AttentionViz sind die Queries mit %7 und die Keys mit dem Kehrwert skaliert und die Keys auf den Mittelwert der Queries verschoben: Keine Softmax einer Query ändert sich, also liegt eine Query nahe bei den Keys, auf die sie achtet. Ziehen verschiebt, das Mausrad zoomt, ein Doppelklick zeigt alles.</translation>
    </message>
    <message>
        <source>The %1 of “%2” (line %3): %4</source>
        <translation>%1 von „%2“ (Zeile %3): %4</translation>
    </message>
</context>
<context>
    <name>qkv::QueryKeyPlotView</name>
    <message>
        <source>Choose a head and Plot: its queries and keys over the corpus appear here.</source>
        <translation>Wählen Sie einen Head und „Zeichnen“: Seine Queries und Keys über das Korpus erscheinen hier.</translation>
    </message>
</context>
<context>
    <name>qkv::ScrubTableView</name>
    <message>
        <source>&quot;%1&quot; is not a number between -1e6 and 1e6: the cell keeps its value</source>
        <translation>„%1“ ist keine Zahl zwischen -1e6 und 1e6: Die Zelle behält ihren Wert</translation>
    </message>
    <message>
        <source>Copied %1 × %2 numbers</source>
        <translation>%1 × %2 Zahlen kopiert</translation>
    </message>
    <message>
        <source>Pasted %1 row(s)</source>
        <translation>%1 Zeile(n) eingefügt</translation>
    </message>
    <message>
        <source>Paste: %1</source>
        <translation>Einfügen: %1</translation>
    </message>
</context>
<context>
    <name>qkv::SentenceFileMenu</name>
    <message>
        <source>Sentence from &amp;Text File…</source>
        <translation>Satz aus &amp;Textdatei…</translation>
    </message>
    <message>
        <source>Run the model on a whole text file: a long document, up to the model&apos;s positions</source>
        <translation>Das Modell auf eine ganze Textdatei anwenden: ein langes Dokument, bis zu den Positionen des Modells</translation>
    </message>
    <message>
        <source>No model is running: open one from the Model menu first.</source>
        <translation>Kein Modell läuft: öffnen Sie zuerst eines im Menü Modell.</translation>
    </message>
    <message>
        <source>%1 is %2 tokens long for %3, which reads at most %4.</source>
        <translation>%1 ist für %3 %2 Token lang; es liest höchstens %4.</translation>
    </message>
    <message>
        <source>Sentence from %1</source>
        <translation>Satz aus %1</translation>
    </message>
    <message>
        <source>Run the model on a text file</source>
        <translation>Das Modell auf eine Textdatei anwenden</translation>
    </message>
    <message>
        <source>Text (*.txt *.md);;All files (*)</source>
        <translation>Text (*.txt *.md);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Longer than the model reads</source>
        <translation>Länger, als das Modell liest</translation>
    </message>
    <message>
        <source>Run it on the text&apos;s beginning, as many tokens as it reads?</source>
        <translation>Auf den Anfang des Texts anwenden, so viele Token, wie es liest?</translation>
    </message>
    <message>
        <source>Cannot run the model on this file</source>
        <translation>Das Modell kann nicht auf diese Datei angewendet werden</translation>
    </message>
</context>
<context>
    <name>qkv::SideBySideDock</name>
    <message>
        <source>Side by Side (A | B)</source>
        <translation>Nebeneinander (A | B)</translation>
    </message>
    <message>
        <source>View drawn side by side</source>
        <translation>Nebeneinander gezeichnete Ansicht</translation>
    </message>
    <message>
        <source>&amp;View:</source>
        <translation>&amp;Ansicht:</translation>
    </message>
    <message>
        <source>The baseline snapshot (A) beside now (B)</source>
        <translation>Der Vergleichsschnappschuss (A) neben dem jetzigen Stand (B)</translation>
    </message>
    <message>
        <source>No snapshot to compare with. Tools → Snapshots → Take Snapshot… pins the numbers as they are, or Compare With chooses a snapshot: it is drawn here (A) beside now (B).</source>
        <translation>Kein Schnappschuss zum Vergleichen. Werkzeuge → Schnappschüsse → Schnappschuss aufnehmen… hält die Zahlen fest, wie sie sind, oder „Vergleichen mit“ wählt einen Schnappschuss: Er wird hier (A) neben dem jetzigen Stand (B) gezeichnet.</translation>
    </message>
</context>
<context>
    <name>qkv::SwitchedOffBar</name>
    <message>
        <source>Switch On</source>
        <translation>Einschalten</translation>
    </message>
    <message>
        <source>Head %1</source>
        <translation>Head %1</translation>
    </message>
    <message>
        <source>Head %1 %2</source>
        <translation>Head %1 %2</translation>
    </message>
    <message>
        <source>%1 is switched off: it attends as drawn, but its output is zero, so nothing it attends to reaches what comes after it.</source>
        <translation>%1 ist abgeschaltet: Er achtet wie gezeichnet, aber seine Ausgabe ist null, sodass nichts, worauf er achtet, das Folgende erreicht.</translation>
    </message>
</context>
<context>
    <name>qkv::TokenStrip</name>
    <message>
        <source>No tokens yet</source>
        <translation>Noch keine Tokens</translation>
    </message>
</context>
<context>
    <name>qkv::ToolsMenu</name>
    <message>
        <source>&amp;Tools</source>
        <translation>&amp;Werkzeuge</translation>
    </message>
    <message>
        <source>&amp;Goal Seek…</source>
        <translation>&amp;Zielwertsuche…</translation>
    </message>
    <message>
        <source>Find the smallest change of a query or a key that gives a cell the weight you choose</source>
        <translation>Findet die kleinste Änderung einer Query oder eines Keys, die einer Zelle das gewählte Gewicht gibt</translation>
    </message>
    <message>
        <source>&amp;Invariances</source>
        <translation>&amp;Invarianzen</translation>
    </message>
    <message>
        <source>Contributions</source>
        <translation>Beiträge</translation>
    </message>
    <message>
        <source>&amp;Snapshots</source>
        <translation>&amp;Schnappschüsse</translation>
    </message>
    <message>
        <source>&amp;Take Snapshot…</source>
        <translation>Schnappschuss &amp;aufnehmen…</translation>
    </message>
    <message>
        <source>Pin the numbers as they are now; the heatmap then shows what changes from them</source>
        <translation>Die Zahlen so festhalten, wie sie jetzt sind; die Heatmap zeigt dann, was sich gegenüber ihnen ändert</translation>
    </message>
    <message>
        <source>Take Snapshot</source>
        <translation>Schnappschuss aufnehmen</translation>
    </message>
    <message>
        <source>Name of the snapshot:</source>
        <translation>Name des Schnappschusses:</translation>
    </message>
    <message>
        <source>&amp;Compare With</source>
        <translation>&amp;Vergleichen mit</translation>
    </message>
    <message>
        <source>&amp;Delete Snapshot</source>
        <translation>Schnappschuss &amp;löschen</translation>
    </message>
    <message>
        <source>Nothing</source>
        <translation>Nichts</translation>
    </message>
    <message>
        <source>Delete Snapshot “%1”</source>
        <translation>Schnappschuss „%1“ löschen</translation>
    </message>
    <message>
        <source>No snapshots</source>
        <translation>Keine Schnappschüsse</translation>
    </message>
    <message>
        <source>Side by Side (&amp;A | B)</source>
        <translation>Nebeneinander (&amp;A | B)</translation>
    </message>
    <message>
        <source>Any view of the baseline snapshot (A) beside the same view now (B)</source>
        <translation>Eine beliebige Ansicht des Vergleichsschnappschusses (A) neben derselben Ansicht jetzt (B)</translation>
    </message>
    <message>
        <source>A document holds at most %1 snapshots: delete one first (Tools → Snapshots).</source>
        <translation>Ein Dokument hält höchstens %1 Schnappschüsse: Löschen Sie zuerst einen (Werkzeuge → Schnappschüsse).</translation>
    </message>
    <message>
        <source>Take Snapshot “%1”</source>
        <translation>Schnappschuss „%1“ aufnehmen</translation>
    </message>
    <message>
        <source>Snapshot “%1” taken: the heatmap shows what changes from it (Tools → Snapshots → Compare With).</source>
        <translation>Schnappschuss „%1“ aufgenommen: Die Heatmap zeigt, was sich gegenüber ihm ändert (Werkzeuge → Schnappschüsse → Vergleichen mit).</translation>
    </message>
    <message>
        <source>Stop Comparing</source>
        <translation>Nicht mehr vergleichen</translation>
    </message>
    <message>
        <source>Compare With “%1”</source>
        <translation>Vergleichen mit „%1“</translation>
    </message>
</context>
<context>
    <name>qkv::TransformerPanel</name>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>mean of all layers</source>
        <translation>Mittel aller Schichten</translation>
    </message>
    <message>
        <source>max of all layers</source>
        <translation>Maximum aller Schichten</translation>
    </message>
    <message>
        <source>rollout through all layers</source>
        <translation>Rollout durch alle Schichten</translation>
    </message>
    <message>
        <source>flow through all layers</source>
        <translation>Flow durch alle Schichten</translation>
    </message>
    <message>
        <source>Flow is drawn for sentences of up to %1 tokens; this one has %2 (rollout has no limit, and qkvlab compute --flow takes up to %3)</source>
        <translation>Flow wird für Sätze mit bis zu %1 Tokens gezeichnet; dieser hat %2 (Rollout hat keine Grenze, und qkvlab compute --flow nimmt bis zu %3)</translation>
    </message>
    <message>
        <source>The model is still computing this layer</source>
        <translation>Das Modell berechnet diese Schicht noch</translation>
    </message>
    <message>
        <source>Every layer combined needs all %1 heads&apos; attention, and a run of %2 tokens keeps none: each head is computed again when shown. Choose a layer, or use qkvlab compute --layer.</source>
        <translation>Alle Schichten zusammen brauchen die Attention aller %1 Heads, und ein Lauf mit %2 Tokens behält keine: Jeder Head wird beim Anzeigen neu berechnet. Wählen Sie eine Schicht, oder nutzen Sie qkvlab compute --layer.</translation>
    </message>
</context>
<context>
    <name>qkv::VectorPlotView</name>
    <message>
        <source>PC%1 (%2% of variance)</source>
        <translation>PC%1 (%2% der Varianz)</translation>
    </message>
    <message>
        <source>(no dimension %1: d = %2)</source>
        <translation>(keine Dimension %1: d = %2)</translation>
    </message>
    <message>
        <source>dimension %1</source>
        <translation>Dimension %1</translation>
    </message>
    <message>
        <source>%1 ×%2</source>
        <translation>%1 ×%2</translation>
    </message>
    <message>
        <source>Read-only: not connected to a document.</source>
        <translation>Schreibgeschützt: nicht mit einem Dokument verbunden.</translation>
    </message>
    <message>
        <source>Read-only: computed as X·%1 (projection mode). Edit the embedding or %1 instead.</source>
        <translation>Schreibgeschützt: berechnet als X·%1 (Projektionsmodus). Bearbeiten Sie stattdessen das Embedding oder %1.</translation>
    </message>
    <message>
        <source>Read-only: queries and keys are not used in weights mode (the weights are given directly).</source>
        <translation>Schreibgeschützt: Queries und Keys werden im Gewichtsmodus nicht verwendet (die Gewichte sind direkt vorgegeben).</translation>
    </message>
    <message>
        <source>%1 of “%2”: (%3, %4)</source>
        <translation>%1 von „%2“: (%3; %4)</translation>
    </message>
    <message>
        <source>
one vector for tokens %1</source>
        <translation>
ein gemeinsamer Vektor für die Tokens %1</translation>
    </message>
    <message>
        <source>
Drag to move the vector along the two principal axes.</source>
        <translation>
Ziehen, um den Vektor entlang der beiden Hauptachsen zu verschieben.</translation>
    </message>
    <message>
        <source>
Drag to edit these two components.</source>
        <translation>
Ziehen, um diese beiden Komponenten zu bearbeiten.</translation>
    </message>
    <message>
        <source>Queries (q)</source>
        <translation>Queries (q)</translation>
    </message>
    <message>
        <source>Keys (k)</source>
        <translation>Keys (k)</translation>
    </message>
    <message>
        <source>Values (v)</source>
        <translation>Values (v)</translation>
    </message>
    <message>
        <source>Flatten to 2-D (PCA)</source>
        <translation>Auf 2D abflachen (PCA)</translation>
    </message>
    <message>
        <source>Show the vectors on the plane that keeps them most spread out (principal component analysis); unchecked, two chosen dimensions</source>
        <translation>Zeigt die Vektoren auf der Ebene, auf der sie am weitesten gestreut bleiben (Hauptkomponentenanalyse); ohne Häkchen auf zwei gewählten Dimensionen</translation>
    </message>
    <message>
        <source>Refit the plane to the points</source>
        <translation>Ebene neu an die Punkte anpassen</translation>
    </message>
    <message>
        <source>The plane stays fixed while you edit, so points do not jump; fit it again to the vectors as they are now</source>
        <translation>Die Ebene bleibt beim Bearbeiten fest, damit die Punkte nicht springen; hiermit wird sie an die aktuellen Vektoren neu angepasst</translation>
    </message>
    <message>
        <source>Horizontal axis: dimension</source>
        <translation>Horizontale Achse: Dimension</translation>
    </message>
    <message>
        <source>Vertical axis: dimension</source>
        <translation>Vertikale Achse: Dimension</translation>
    </message>
    <message>
        <source>Type a sentence to see its vectors.</source>
        <translation>Geben Sie einen Satz ein, um seine Vektoren zu sehen.</translation>
    </message>
    <message>
        <source>No role shown: right-click to show queries, keys or values.</source>
        <translation>Keine Rolle angezeigt: Per Rechtsklick lassen sich Queries, Keys oder Values einblenden.</translation>
    </message>
    <message>
        <source>o(%1)</source>
        <translation>o(%1)</translation>
    </message>
    <message>
        <source>output o</source>
        <translation>Ausgabe o</translation>
    </message>
    <message>
        <source>query q</source>
        <translation>Query q</translation>
    </message>
    <message>
        <source>key k</source>
        <translation>Key k</translation>
    </message>
    <message>
        <source>value v</source>
        <translation>Value v</translation>
    </message>
    <message>
        <source>%1 of “%2” → (%3, %4)</source>
        <translation>%1 von „%2“ → (%3; %4)</translation>
    </message>
    <message>
        <source>Vectors of head %1</source>
        <translation>Vektoren von Head %1</translation>
    </message>
    <message>
        <source>Vectors of head %1 (computed from the embeddings: read-only)</source>
        <translation>Vektoren von Head %1 (aus den Embeddings berechnet: schreibgeschützt)</translation>
    </message>
    <message>
        <source> (second sentence)</source>
        <translation> (zweiter Satz)</translation>
    </message>
</context>
<context>
    <name>qkv::WeightDrag</name>
    <message>
        <source>Seek weight %1: release to see the change</source>
        <translation>Gewicht %1 suchen: loslassen, um die Änderung zu sehen</translation>
    </message>
</context>
<context>
    <name>qkv::WindowFiles</name>
    <message>
        <source>Open document</source>
        <translation>Dokument öffnen</translation>
    </message>
    <message>
        <source>Could not open document</source>
        <translation>Das Dokument konnte nicht geöffnet werden</translation>
    </message>
    <message>
        <source>%1: %2; the window opens files (qkvlab compute reads a pipe).</source>
        <translation>%1: %2; das Fenster öffnet nur Dateien (qkvlab compute liest aus einer Pipe).</translation>
    </message>
    <message>
        <source>Could not save</source>
        <translation>Speichern fehlgeschlagen</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>QKV Lab model session (*.qkvmodel.json)</source>
        <translation>QKV-Lab-Modellsitzung (*.qkvmodel.json)</translation>
    </message>
    <message>
        <source>Save model session</source>
        <translation>Modellsitzung speichern</translation>
    </message>
    <message>
        <source>untitled</source>
        <translation>unbenannt</translation>
    </message>
    <message>
        <source>Save document</source>
        <translation>Dokument speichern</translation>
    </message>
    <message>
        <source>%1 has unsaved changes. Save them?</source>
        <translation>%1 enthält ungespeicherte Änderungen. Möchten Sie sie speichern?</translation>
    </message>
    <message numerus="yes">
        <source>Edits to %n other view(s) of the model (another layer, heads or tokens) will be lost: Save writes the one shown.</source>
        <translation>
            <numerusform>Änderungen an %n weiteren Ansicht des Modells (andere Schicht, Heads oder Tokens) gehen verloren: Speichern schreibt nur die angezeigte.</numerusform>
            <numerusform>Änderungen an %n weiteren Ansichten des Modells (andere Schicht, Heads oder Tokens) gehen verloren: Speichern schreibt nur die angezeigte.</numerusform>
        </translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>Ungespeicherte Änderungen</translation>
    </message>
    <message>
        <source>a model</source>
        <translation>einem Modell</translation>
    </message>
    <message>
        <source>an unsaved document</source>
        <translation>einem ungespeicherten Dokument</translation>
    </message>
    <message>
        <source>Recover unsaved work</source>
        <translation>Ungespeicherte Arbeit wiederherstellen</translation>
    </message>
    <message>
        <source>QKV Lab found work on %1 that was not saved when the program last stopped (autosaved %2).</source>
        <translation>QKV Lab hat Arbeit an %1 gefunden, die beim letzten Beenden des Programms nicht gespeichert war (automatisch gesichert: %2).</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>Wiederherstellen</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Verwerfen</translation>
    </message>
    <message>
        <source>Recovered %1</source>
        <translation>%1 (wiederhergestellt)</translation>
    </message>
    <message>
        <source>Opening the model was stopped; nothing changed.</source>
        <translation>Das Öffnen des Modells wurde angehalten; nichts wurde geändert.</translation>
    </message>
    <message>
        <source>Could not open the model</source>
        <translation>Das Modell konnte nicht geöffnet werden</translation>
    </message>
    <message>
        <source>Could not open the model session</source>
        <translation>Die Modellsitzung konnte nicht geöffnet werden</translation>
    </message>
    <message>
        <source>The model is missing</source>
        <translation>Das Modell fehlt</translation>
    </message>
    <message>
        <source>%1 was saved with the model in %2, which is not there (nor at %3 beside the file). Put the model folder back there and open the session again; nothing was changed.</source>
        <translation>%1 wurde mit dem Modell in %2 gespeichert, das dort nicht mehr liegt (auch nicht unter %3 neben der Datei). Legen Sie den Modellordner wieder dorthin und öffnen Sie die Sitzung erneut; es wurde nichts verändert.</translation>
    </message>
    <message>
        <source>%1  (%2, %3 layers × %4 heads)</source>
        <translation>%1  (%2, %3 Schichten × %4 Heads)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+O</source>
        <translation>Ctrl+Shift+O</translation>
    </message>
    <message>
        <source>Open model folder</source>
        <translation>Modellordner öffnen</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>Unbenannt</translation>
    </message>
    <message>
        <source>%1 (example)</source>
        <translation>%1 (Beispiel)</translation>
    </message>
    <message>
        <source> Backup of unsaved work failed: %1 </source>
        <translation> Sicherung der ungespeicherten Arbeit fehlgeschlagen: %1 </translation>
    </message>
    <message>
        <source>&amp;Download Model…</source>
        <translation>Modell &amp;herunterladen …</translation>
    </message>
    <message>
        <source>Fetch a model from the Hugging Face Hub into its cache (resumable, verified)</source>
        <translation>Ein Modell vom Hugging Face Hub in seinen Cache laden (fortsetzbar, geprüft)</translation>
    </message>
    <message>
        <source>Open &amp;GGUF File…</source>
        <translation>&amp;GGUF-Datei öffnen…</translation>
    </message>
    <message>
        <source>Open a model file of llama.cpp, Ollama or LM Studio (.gguf)</source>
        <translation>Eine Modelldatei von llama.cpp, Ollama oder LM Studio öffnen (.gguf)</translation>
    </message>
    <message>
        <source>Open GGUF model</source>
        <translation>GGUF-Modell öffnen</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf);;All files (*)</source>
        <translation>GGUF-Modelle (*.gguf);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>No models found on this computer</source>
        <translation>Keine Modelle auf diesem Computer gefunden</translation>
    </message>
    <message>
        <source>On this computer:</source>
        <translation>Auf diesem Computer:</translation>
    </message>
</context>
<context>
    <name>qkv::WordVectorsModel</name>
    <message>
        <source>Query</source>
        <translation>Query</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Key</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Value</translation>
    </message>
    <message>
        <source>%1 · head %2</source>
        <translation>%1 · Head %2</translation>
    </message>
    <message>
        <source>Cross-attention: the second sentence gives keys and values; its queries are not used.</source>
        <translation>Cross-Attention: Der zweite Satz gibt Keys und Values; seine Queries werden nicht verwendet.</translation>
    </message>
    <message>
        <source>Cross-attention: the sentence gives the queries; the keys and values come from the second sentence.</source>
        <translation>Cross-Attention: Der Satz stellt die Queries; Keys und Values kommen aus dem zweiten Satz.</translation>
    </message>
</context>
<context>
    <name>qkv::WorkedView</name>
    <message>
        <source>All keys</source>
        <translation>Alle Keys</translation>
    </message>
    <message>
        <source>Work out every key term by term (up to the %1 heaviest), not only the %2 with the largest weights</source>
        <translation>Jeden Key Term für Term ausrechnen (bis zu den %1 schwersten), nicht nur die %2 mit den größten Gewichten</translation>
    </message>
    <message>
        <source>Decimals: </source>
        <translation>Stellen: </translation>
    </message>
    <message>
        <source>How many decimals every number has, here and in the copied Markdown and LaTeX</source>
        <translation>Wie viele Nachkommastellen jede Zahl hat, hier und im kopierten Markdown und LaTeX</translation>
    </message>
    <message>
        <source>Copy LaTeX</source>
        <translation>LaTeX kopieren</translation>
    </message>
    <message>
        <source>Copy Markdown</source>
        <translation>Markdown kopieren</translation>
    </message>
    <message>
        <source>Copy the steps as LaTeX (amsmath) for a paper or slides</source>
        <translation>Kopiert die Schritte als LaTeX (amsmath) für eine Veröffentlichung oder Folien</translation>
    </message>
    <message>
        <source>Copy the steps as Markdown for a blog post or notes</source>
        <translation>Kopiert die Schritte als Markdown für einen Blogbeitrag oder Notizen</translation>
    </message>
    <message>
        <source>No token selected: showing the first. Select a token in any view, or press Left / Right here.</source>
        <translation>Kein Token ausgewählt: Das erste wird gezeigt. Wählen Sie in einer beliebigen Ansicht ein Token aus, oder drücken Sie hier die Pfeiltasten Links/Rechts.</translation>
    </message>
    <message>
        <source>Copy as Markdown</source>
        <translation>Als Markdown kopieren</translation>
    </message>
    <message>
        <source>Copy as LaTeX</source>
        <translation>Als LaTeX kopieren</translation>
    </message>
</context>
</TS>
