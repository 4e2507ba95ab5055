<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>CommandText</name>
    <message numerus="yes">
        <source>Set %n values of %1</source>
        <translation>
            <numerusform>Set %n value of %1</numerusform>
            <numerusform>Set %n values of %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Set %n values</source>
        <translation>
            <numerusform>Set %n value</numerusform>
            <numerusform>Set %n values</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WorkedSteps</name>
    <message numerus="yes">
        <source>%n others</source>
        <translation>
            <numerusform>%n other</numerusform>
            <numerusform>%n others</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The %1 queries that attend to it most are worked out; the %n others are summed up.</source>
        <translation>
            <numerusform>The %1 queries that attend to it most are worked out; the %n other is summed up.</numerusform>
            <numerusform>The %1 queries that attend to it most are worked out; the %n others are summed up.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%n more terms)</source>
        <translation>
            <numerusform>(%n more term)</numerusform>
            <numerusform>(%n more terms)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Numbers are shown with %n decimals; every step uses the exact values, so a result can differ from its rounded terms in the last digit.</source>
        <translation>
            <numerusform>Numbers are shown with %n decimal; every step uses the exact values, so a result can differ from its rounded terms in the last digit.</numerusform>
            <numerusform>Numbers are shown with %n decimals; every step uses the exact values, so a result can differ from its rounded terms in the last digit.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n masked keys are left out.</source>
        <translation>
            <numerusform>%n masked key is left out.</numerusform>
            <numerusform>%n masked keys are left out.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The %1 keys with the largest weights are worked out term by term; the %n other visible keys are summed up in one line per step.</source>
        <translation>
            <numerusform>The %1 keys with the largest weights are worked out term by term; the %n other visible key is summed up in one line per step.</numerusform>
            <numerusform>The %1 keys with the largest weights are worked out term by term; the %n other visible keys are summed up in one line per step.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%n others)</source>
        <translation>
            <numerusform>(%n other)</numerusform>
            <numerusform>(%n others)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>qkv::DownloadDialog</name>
    <message numerus="yes">
        <source>%n file(s), %1; %2 to fetch.</source>
        <translation>
            <numerusform>%n file, %1; %2 to fetch.</numerusform>
            <numerusform>%n files, %1; %2 to fetch.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln download(s)</source>
        <translation>
            <numerusform>%Ln download</numerusform>
            <numerusform>%Ln downloads</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s), %1, all in the cache.</source>
        <translation>
            <numerusform>%n file, %1, in the cache.</numerusform>
            <numerusform>%n files, %1, all in the cache.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>qkv::GenerateDialog</name>
    <message numerus="yes">
        <source>Stopped after %n tokens.</source>
        <translation>
            <numerusform>Stopped after %n token.</numerusform>
            <numerusform>Stopped after %n tokens.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n tokens added.</source>
        <translation>
            <numerusform>%n token added.</numerusform>
            <numerusform>%n tokens added.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>With the model as changed it writes the same %n token(s).</source>
        <translation>
            <numerusform>With the model as changed it writes the same %n token.</numerusform>
            <numerusform>With the model as changed it writes the same %n tokens.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>With the model as changed: the same %n token(s), then “%1” where it wrote “%2”:</source>
        <translation>
            <numerusform>With the model as changed: the same %n token, then “%1” where it wrote “%2”:</numerusform>
            <numerusform>With the model as changed: the same %n tokens, then “%1” where it wrote “%2”:</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>qkv::GenerateMenu</name>
    <message numerus="yes">
        <source>Generate %n tokens</source>
        <translation>
            <numerusform>Generate %n token</numerusform>
            <numerusform>Generate %n tokens</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>qkv::HeadsDialog</name>
    <message numerus="yes">
        <source>%n passages, %1 tokens</source>
        <translation>
            <numerusform>%n passage, %1 tokens</numerusform>
            <numerusform>%n passages, %1 tokens</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stopped after %n passages: the scores are of those alone (partial).</source>
        <translation>
            <numerusform>Stopped after %n passage: the scores are of it alone (partial).</numerusform>
            <numerusform>Stopped after %n passages: the scores are of those alone (partial).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n passages, %1 tokens.</source>
        <translation>
            <numerusform>%n passage, %1 tokens.</numerusform>
            <numerusform>%n passages, %1 tokens.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>qkv::LessonDock</name>
    <message numerus="yes">
        <source>%n attempt(s)</source>
        <translation>
            <numerusform>%n attempt</numerusform>
            <numerusform>%n attempts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(The answer shows after %n more wrong answer(s), or with Show answer.)</source>
        <translation>
            <numerusform>(The answer shows after %n more wrong answer, or with Show answer.)</numerusform>
            <numerusform>(The answer shows after %n more wrong answers, or with Show answer.)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>qkv::MainWindow</name>
    <message numerus="yes">
        <source>Computing attention for %n token(s)…</source>
        <translation>
            <numerusform>Computing attention for %n token…</numerusform>
            <numerusform>Computing attention for %n tokens…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n token(s). Rows are querying tokens, columns the tokens they attend to.</source>
        <translation>
            <numerusform>%n token. Rows are querying tokens, columns the tokens they attend to.</numerusform>
            <numerusform>%n tokens. Rows are querying tokens, columns the tokens they attend to.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>qkv::WindowFiles</name>
    <message numerus="yes">
        <source>Edits to %n other view(s) of the model (another layer, heads or tokens) will be lost: Save writes the one shown.</source>
        <translation>
            <numerusform>Edits to %n other view of the model (another layer, heads or tokens) will be lost: Save writes the one shown.</numerusform>
            <numerusform>Edits to %n other views of the model (another layer, heads or tokens) will be lost: Save writes the one shown.</numerusform>
        </translation>
    </message>
</context>
</TS>
