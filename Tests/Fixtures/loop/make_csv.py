#!/usr/bin/env python3
"""Reproduce the CSV export zip of Loop Habit Tracker v2.3.1 (iSoron/uhabits,
core/io/HabitsCSVExporter.kt) for the fixture backup /work/tmp-cmd/loopfixture/loop-backup.sql
with "today" = 2025-03-31, all habits selected, habit list in BY_POSITION order.

Writes (next to this script):
  Loop Habits CSV 2025-03-31.zip   the archive, laid out the way java.util.zip.ZipOutputStream writes it
  unzipped/                        its contents, for reading

Then runs the checks described in README.md (--no-check to skip them).
Deterministic: no clock, no randomness; the zip entry time is fixed (ZIP_LOCAL_TIME below).
"""
import datetime as dt
import hashlib
import io
import math
import os
import re
import shutil
import sqlite3
import struct
import sys
import zipfile
import zlib
from decimal import Decimal, ROUND_HALF_UP

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURE_SQL = '/work/tmp-cmd/loopfixture/loop-backup.sql'
LOOP_SCORES = '/work/tmp-cmd/loopfixture/loop-scores.csv'
RESEARCH = '/work/tmp-cmd/research-loop.md'
LOOP_ASSET = os.path.join(HERE, 'loop_asset')       # copy of uhabits-core/assets/test/csv_export/ (v2.3.1)
TODAY = dt.date(2025, 3, 31)
# Loop does not set an entry time, so ZipOutputStream.putNextEntry stamps System.currentTimeMillis()
# (local time, DOS format).  We pin it to noon of the export day to stay deterministic.
ZIP_LOCAL_TIME = dt.datetime(2025, 3, 31, 12, 0, 0)

EPOCH = dt.date(1970, 1, 1)
DAY_MS = 86_400_000
YES_MANUAL, YES_AUTO, NO, UNKNOWN, SKIP = 2, 1, 0, -1, 3

PALETTE = ['#D32F2F', '#E64A19', '#F57C00', '#FF8F00', '#F9A825', '#AFB42B', '#7CB342', '#388E3C',
           '#00897B', '#00ACC1', '#039BE5', '#1976D2', '#303F9F', '#5E35B1', '#8E24AA', '#D81B60',
           '#5D4037', '#303030', '#757575', '#aaaaaa']          # core/models/PaletteColor.kt


def day_of(d):      # date -> day number (Timestamp.unixTime / DAY_LENGTH)
    return (d - EPOCH).days


def date_of(n):     # day number -> yyyy-MM-dd (DateFormats.getCSVDateFormat, UTC)
    return (EPOCH + dt.timedelta(days=n)).isoformat()


class Habit:
    def __init__(self, name, question='', description='', type=0, num=1, den=1, color=8, unit='',
                 target_type=0, target_value=0.0, archived=False, position=0, entries=None):
        if num == den:                       # Frequency.init
            num = den = 1
        self.name, self.question, self.description = name, question, description
        self.type, self.num, self.den, self.color, self.unit = type, num, den, color, unit
        self.target_type, self.target_value = target_type, target_value
        self.archived, self.position = archived, position
        self.original = dict(entries or {})  # day -> (value, notes)   (originalEntries)

    @property
    def numerical(self):
        return self.type == 1


# ---------------------------------------------------------------------------------------------
# EntryList.recomputeFrom (core/models/EntryList.kt)
# ---------------------------------------------------------------------------------------------
def month_length(d):
    nxt = dt.date(d.year + (d.month == 12), d.month % 12 + 1, 1)
    return (nxt - dt.date(d.year, d.month, 1)).days


def build_intervals(num, den, original_newest_first):
    ys = [t for t, (v, _) in original_newest_first if v == YES_MANUAL]
    out = []
    for i in range(num - 1, len(ys)):
        begin, center = ys[i], ys[i - num + 1]
        size = den
        if den in (30, 31):
            bd = EPOCH + dt.timedelta(days=begin)
            size = month_length(bd + dt.timedelta(days=1)) if bd.day == month_length(bd) else month_length(bd)
        if center - begin < size:
            out.append([begin, center, begin + size - 1])
    return out


def snap_intervals_together(iv):
    for i in range(1, len(iv)):
        b, c, e = iv[i]
        nxt = iv[i - 1]
        gap_next = e - nxt[0]          # next.begin.daysUntil(curr.end)
        gap_center = e - c             # curr.center.daysUntil(curr.end)
        if gap_next >= 0:
            shift = min(gap_center, gap_next + 1)
            iv[i] = [b - shift, c, e - shift]


def build_entries_from_intervals(original_newest_first, iv):
    if not original_newest_first:
        return []
    frm = min(t for t, _ in original_newest_first)
    to = max(t for t, _ in original_newest_first)
    for b, _, e in iv:
        frm, to = min(frm, b), max(to, e)
    res = [(to - k, UNKNOWN, '') for k in range(to - frm + 1)]     # newest first
    for b, _, e in iv:
        for t in range(e, b - 1, -1):
            res[to - t] = (t, YES_AUTO, '')
    for t, (v, notes) in original_newest_first:
        cur = res[to - t][1]
        val = v if (cur == UNKNOWN or v == SKIP or v == YES_MANUAL) else YES_AUTO
        res[to - t] = (t, val, notes)
    return res


def computed_entries(h):
    """-> dict day -> (value, notes)   (habit.computedEntries)"""
    orig = sorted(h.original.items(), reverse=True)                 # getKnown(): newest first
    if h.numerical:
        return dict(orig)
    iv = build_intervals(h.num, h.den, orig)
    snap_intervals_together(iv)
    comp = build_entries_from_intervals(orig, iv)
    return {t: (v, n) for t, v, n in comp if v != UNKNOWN or n != ''}


# ---------------------------------------------------------------------------------------------
# Habit.recompute -> ScoreList.recompute (core/models/ScoreList.kt, Score.kt)
# ---------------------------------------------------------------------------------------------
def score_compute(freq, prev, check):
    multiplier = 0.5 ** (math.sqrt(freq) / 13.0)
    score = prev * multiplier
    score += check * (1 - multiplier)
    return score


def compute_scores(h, comp, today):
    """-> dict day -> score for days in [from, today+30]; ScoreList.get gives 0.0 elsewhere."""
    to = today + 30
    frm = min(comp) if comp else today
    if frm > to:
        frm = to
    values = [comp.get(t, (UNKNOWN, ''))[0] for t in range(to, frm - 1, -1)]   # newest first
    num, den = h.num, h.den
    freq = h.num / h.den
    at_most = h.target_type == 1
    if not h.numerical and freq < 1.0:
        num *= 2
        den *= 2
    rolling = 0.0
    prev = 1.0 if (h.numerical and at_most) else 0.0
    out = {}
    n = len(values)
    for i in range(n):
        off = n - i - 1
        v = values[off]
        if h.numerical:
            rolling += max(0, v)
            if off + den < n:
                rolling -= max(0, values[off + den])
            x = rolling / 1000
            if v != SKIP:
                tv = h.target_value
                if not at_most:
                    pct = min(1.0, x / tv) if tv > 0 else 1.0
                else:
                    pct = min(max(1 - ((x - tv) / tv), 0.0), 1.0) if tv > 0 else (0.0 if x > 0 else 1.0)
                prev = score_compute(freq, prev, pct)
        else:
            if v == YES_MANUAL:
                rolling += 1.0
            if off + den < n and values[off + den] == YES_MANUAL:
                rolling -= 1.0
            if v != SKIP:
                prev = score_compute(freq, prev, min(1.0, rolling / num))
        out[frm + i] = prev
    return out


# ---------------------------------------------------------------------------------------------
# Text formatting
# ---------------------------------------------------------------------------------------------
def fmt4(x):
    """String.format(Locale.US, "%.4f", x): Java rounds HALF_UP on the Double.toString digits."""
    return str(Decimal(repr(float(x))).quantize(Decimal('0.0001'), rounding=ROUND_HALF_UP))


def java_double_to_string(x):
    """Kotlin/Java Double.toString for the Target Value column (shortest repr digits)."""
    x = float(x)
    if x == 0:
        return '0.0' if math.copysign(1, x) > 0 else '-0.0'
    if 1e-3 <= abs(x) < 1e7:
        r = repr(x)
        if 'e' in r or 'E' in r:
            r = format(Decimal(r), 'f')
        return r if '.' in r else r + '.0'
    d = Decimal(repr(x))
    sign, digits, exp = d.as_tuple()
    s = ''.join(map(str, digits)).rstrip('0') or '0'
    e = exp + len(digits) - 1
    mant = s[0] + '.' + (s[1:] or '0')
    return ('-' if sign else '') + mant + 'E' + str(e)


def formatted_value(v):            # Entry.formattedValue
    return {YES_MANUAL: 'YES_MANUAL', YES_AUTO: 'YES_AUTO', NO: 'NO', SKIP: 'SKIP',
            UNKNOWN: 'UNKNOWN'}.get(v, str(v))


def csv_line(fields):
    """opencsv 5.9 CSVWriter.writeNext(row, applyQuotesToAll=false), defaults (',', '"', '"', "\\n")."""
    out = []
    for f in fields:
        if f is None:
            out.append('')
        elif any(c in f for c in '",\n\r'):
            out.append('"' + f.replace('"', '""') + '"')
        else:
            out.append(f)
    return ','.join(out) + '\n'


def sanitize_filename(name):
    s = re.sub(r'[^ a-zA-Z0-9._-]+', '', name)
    return s[:100]


# ---------------------------------------------------------------------------------------------
# HabitsCSVExporter.writeHabits / writeMultipleHabits
# ---------------------------------------------------------------------------------------------
def export(all_habits, selected, today_date):
    """-> list of (zip entry name, bytes) in Loop's generatedFilenames order."""
    today = day_of(today_date)
    files = []
    comp = {id(h): computed_entries(h) for h in all_habits}
    scores = {id(h): compute_scores(h, comp[id(h)], today) for h in all_habits}

    # Habits.csv  (HabitList.writeCSV, all habits)
    s = csv_line(['Position', 'Name', 'Type', 'Question', 'Description', 'FrequencyNumerator',
                  'FrequencyDenominator', 'Color', 'Unit', 'Target Type', 'Target Value', 'Archived?'])
    for i, h in enumerate(all_habits):
        s += csv_line(['%03d' % (i + 1), h.name, 'NUMERICAL' if h.numerical else 'YES_NO', h.question,
                       h.description, str(h.num), str(h.den), PALETTE[h.color],
                       h.unit if h.numerical else '',
                       ('AT_MOST' if h.target_type == 1 else 'AT_LEAST') if h.numerical else '',
                       java_double_to_string(h.target_value) if h.numerical else '',
                       'true' if h.archived else 'false'])
    files.append(('Habits.csv', s))

    for h in selected:
        d = ('%03d %s' % (all_habits.index(h) + 1, sanitize_filename(h.name))).strip() + '/'
        c, sc = comp[id(h)], scores[id(h)]
        # writeScores
        oldest = min(c) if c else today
        s = csv_line(['Date', 'Score'])
        for t in range(today, oldest - 1, -1):
            s += csv_line([date_of(t), fmt4(sc.get(t, 0.0))])
        files.append((d + 'Scores.csv', s))
        # writeEntries
        s = csv_line(['Date', 'Value', 'Notes'])
        for t in sorted(c, reverse=True):
            v, notes = c[t]
            s += csv_line([date_of(t), formatted_value(v), notes])
        files.append((d + 'Checkmarks.csv', s))

    # writeMultipleHabits (root files; unquoted, trailing delimiter)
    olds = [min(h.original) for h in selected if h.original]   # getTimeframe: originalEntries.getKnown()
    oldest = min(olds) if olds else None                        # None = Timestamp.ZERO.plus(1000000)
    head = 'Date,' + ''.join(h.name + ',' for h in selected) + '\n'
    sc_s, ck_s = head, head
    if oldest is not None:
        for t in range(today, oldest - 1, -1):
            sc_s += date_of(t) + ',' + ''.join(fmt4(scores[id(h)].get(t, 0.0)) + ',' for h in selected) + '\n'
            ck_s += date_of(t) + ',' + ''.join(
                formatted_value(comp[id(h)].get(t, (UNKNOWN, ''))[0]) + ',' for h in selected) + '\n'
    files.append(('Scores.csv', sc_s))
    files.append(('Checkmarks.csv', ck_s))
    return [(n, s.encode('utf-8')) for n, s in files], comp, scores


# ---------------------------------------------------------------------------------------------
# java.util.zip.ZipOutputStream layout (OpenJDK 17; Android uses the same java.util.zip code)
# ---------------------------------------------------------------------------------------------
def dos_time(t):
    return ((t.year - 1980) << 25 | t.month << 21 | t.day << 16 |
            t.hour << 11 | t.minute << 5 | t.second >> 1)


def java_zip(entries, when):
    out = io.BytesIO()
    cen = []
    dtm = dos_time(when)
    flag = 0x0808          # 8 = sizes in data descriptor (DEFLATED, unknown sizes), 0x800 = UTF-8 names
    for name, data in entries:
        nb = name.encode('utf-8')
        off = out.tell()
        co = zlib.compressobj(zlib.Z_DEFAULT_COMPRESSION, zlib.DEFLATED, -15, 8, zlib.Z_DEFAULT_STRATEGY)
        comp = co.compress(data) + co.flush()
        crc = zlib.crc32(data) & 0xffffffff
        out.write(struct.pack('<IHHHIIIIHH', 0x04034b50, 20, flag, 8, dtm, 0, 0, 0, len(nb), 0) + nb)
        out.write(comp)
        out.write(struct.pack('<IIII', 0x08074b50, crc, len(comp), len(data)))
        cen.append(struct.pack('<IHHHHIIIIHHHHHII', 0x02014b50, 20, 20, flag, 8, dtm, crc, len(comp),
                               len(data), len(nb), 0, 0, 0, 0, 0, off) + nb)
    cen_off = out.tell()
    for c in cen:
        out.write(c)
    cen_len = out.tell() - cen_off
    out.write(struct.pack('<IHHHHIIH', 0x06054b50, 0, 0, len(cen), len(cen), cen_len, cen_off, 0))
    return out.getvalue()


# ---------------------------------------------------------------------------------------------
# Inputs
# ---------------------------------------------------------------------------------------------
def load_fixture(sql_path):
    """Build the backup into an in-memory SQLite db and load it like SQLiteHabitList/SQLiteEntryList."""
    db = sqlite3.connect(':memory:')
    with open(sql_path, encoding='utf-8') as f:
        db.executescript(f.read())
    assert db.execute('pragma user_version').fetchone()[0] == 25
    habits = []
    cur = db.execute('select id, name, question, description, type, freq_num, freq_den, color, unit, '
                     'target_type, target_value, archived, position from Habits order by position')
    for (hid, name, q, desc, typ, fn, fd, color, unit, tt, tv, arch, pos) in cur.fetchall():
        ents = {}
        for ts, v, notes in db.execute('select timestamp, value, notes from Repetitions where habit = ? '
                                       'order by timestamp', (hid,)):
            ents[ts // DAY_MS] = (v, notes if notes is not None else '')
        habits.append(Habit(name, q, desc, typ, fn, fd, color, unit, tt, float(tv),
                            archived=(arch is None or arch != 0), position=pos, entries=ents))
    habits.sort(key=lambda h: h.position)           # BY_POSITION (stable)
    db.close()
    return habits


def loop_test_fixture():
    """HabitsCSVExporterTest: createEmptyHabit() "Meditate" + createShortHabit() "Wake up early",
    today = FIXED_LOCAL_TIME 1422172800000 -> 2015-01-25 (HabitFixtures.kt, BaseUnitTest.kt)."""
    today = dt.date(2015, 1, 25)
    meditate = Habit('Meditate', 'Did you meditate this morning?', color=3)
    checks = [True, False, False, True, True, True, False, False, True, True]
    notes = ['', 'Sick', 'Forgot to do it, really', '', '', '', '"Vacation"', '', '', '']
    t = day_of(today)
    ents = {}
    for i in range(len(checks)):
        ents[t - i] = (YES_MANUAL if checks[i] else NO, notes[i])
    wake = Habit('Wake up early', 'Did you wake up before 6am?', num=2, den=3, color=8, entries=ents)
    return [meditate, wake], today


def main():
    habits = load_fixture(FIXTURE_SQL)
    files, comp, scores = export(habits, habits, TODAY)
    zbytes = java_zip(files, ZIP_LOCAL_TIME)
    zpath = os.path.join(HERE, 'Loop Habits CSV %s.zip' % TODAY.isoformat())
    with open(zpath, 'wb') as f:
        f.write(zbytes)
    udir = os.path.join(HERE, 'unzipped')
    shutil.rmtree(udir, ignore_errors=True)
    with zipfile.ZipFile(zpath) as z:
        z.extractall(udir)
    print('wrote %s (%d bytes, md5 %s, %d entries)' % (zpath, len(zbytes), hashlib.md5(zbytes).hexdigest(),
                                                     len(files)))
    if '--no-check' in sys.argv:
        return 0
    return run_checks(habits, files, comp, scores, zpath, zbytes)


# ---------------------------------------------------------------------------------------------
# Checks
# ---------------------------------------------------------------------------------------------
def run_checks(habits, files, comp, scores, zpath, zbytes):
    ok = True

    def report(name, passed, detail=''):
        nonlocal ok
        ok &= bool(passed)
        print('%-4s %s%s' % ('PASS' if passed else 'FAIL', name, (': ' + detail) if detail else ''))

    # 1. scores vs loop-scores.csv (all dates listed there, incl. 2025-03-31)
    byname = {h.name: h for h in habits}
    n = bad = 0
    worst = 0.0
    with open(LOOP_SCORES) as f:
        next(f)
        for line in f:
            name, date, val = line.rstrip('\n').split(',')
            h = byname[name]
            mine = scores[id(h)].get(day_of(dt.date.fromisoformat(date)), 0.0)
            n += 1
            worst = max(worst, abs(mine - float(val)))
            exp4 = str(Decimal(val).quantize(Decimal('0.0001'), rounding=ROUND_HALF_UP))
            if fmt4(mine) != exp4 or abs(mine - float(val)) > 5e-7:
                bad += 1
                print('     mismatch', name, date, mine, val)
    report('scores vs loop-scores.csv', bad == 0, '%d values, %d mismatches, max |diff| %.1e' % (n, bad, worst))
    # the 2025-03-31 rows as printed in the per-habit and root Scores.csv
    d = dict(files)
    root = d['Scores.csv'].decode().split('\n')
    hdr, row = root[0].split(','), root[1].split(',')
    today_ok = row[0] == TODAY.isoformat()
    for name, date, val in (l.split(',') for l in open(LOOP_SCORES).read().split('\n')[1:] if l):
        if date != TODAY.isoformat():
            continue
        exp4 = str(Decimal(val).quantize(Decimal('0.0001'), rounding=ROUND_HALF_UP))
        i = habits.index(byname[name])
        per = d['%03d %s/Scores.csv' % (i + 1, sanitize_filename(name))].decode().split('\n')[1]
        today_ok &= (row[hdr.index(name)] == exp4 and per == '%s,%s' % (TODAY.isoformat(), exp4))
    report('2025-03-31 score cells in root and per-habit Scores.csv == loop-scores.csv (4 dp)', today_ok)

    # 2. header lines vs research-loop.md
    doc = open(RESEARCH, encoding='utf-8').read()
    expected = {
        'Habits.csv': re.search(r'Header, exactly:\n```\n(.*)\n```', doc).group(1),
        'Scores.csv': re.search(r'\*\*Header:\*\* `(Date,Score)`', doc).group(1),
        'Checkmarks.csv': re.search(r'\*\*Header:\*\* `(Date,Value,Notes)`', doc).group(1),
    }
    # root: "`Date,` then `name,` for each selected habit" (§2.6)
    assert '`Date,` then `name,` for each selected habit' in doc
    root_hdr = 'Date,' + ''.join(h.name + ',' for h in habits)
    hdr_ok = True
    for name, data in files:
        first = data.decode('utf-8').split('\n')[0]
        want = root_hdr if name in ('Scores.csv', 'Checkmarks.csv') else expected[name.split('/')[-1]]
        if first != want:
            hdr_ok = False
            print('     header mismatch', name, repr(first), repr(want))
    report('every header line matches research-loop.md', hdr_ok, '%d files' % len(files))

    # 3. zip structure
    with zipfile.ZipFile(zpath) as z:
        infos = z.infolist()
        names = [i.filename for i in infos]
        struct_ok = (z.testzip() is None and names == [n for n, _ in files]
                     and all(i.compress_type == zipfile.ZIP_DEFLATED for i in infos)
                     and not any(n.endswith('/') for n in names)
                     and all(z.read(n) == b for n, b in files))
    report('zip: order == generatedFilenames, DEFLATE, no dir entries, CRC ok, contents round-trip', struct_ok,
           ', '.join(names))
    unz_ok = all(open(os.path.join(HERE, 'unzipped', n), 'rb').read() == b for n, b in files)
    report('unzipped/ == zip contents', unz_ok)

    # 4. determinism
    hs = load_fixture(FIXTURE_SQL)
    again = java_zip(export(hs, hs, TODAY)[0], ZIP_LOCAL_TIME)
    report('deterministic (second run byte-identical)', again == zbytes)

    # 5. Loop's own test asset, same code
    th, tday = loop_test_fixture()
    tfiles = export(th, th, tday)[0]
    asset_ok = True
    want = sorted(os.path.relpath(os.path.join(r, f), LOOP_ASSET)
                  for r, _, fs in os.walk(LOOP_ASSET) for f in fs)
    got = sorted(n for n, _ in tfiles)
    if want != got:
        asset_ok = False
        print('     file set differs', want, got)
    for n, b in tfiles:
        p = os.path.join(LOOP_ASSET, n)
        if not os.path.exists(p) or open(p, 'rb').read() != b:
            asset_ok = False
            print('     differs:', n)
    report("Loop's test asset csv_export/ reproduced byte for byte", asset_ok, '%d files' % len(tfiles))

    # 6. sanity of quirky bits that the fixture exercises
    csv_text = {n: b.decode('utf-8') for n, b in files}
    med = csv_text['001 Meditate/Checkmarks.csv']
    q_ok = ('2025-02-07,YES_MANUAL,"Back after the break, tried the ""body scan"" session"\n' in med
            and "2024-12-25,SKIP,Christmas at my parents' place\n" in med
            and '"Morgens, 10 Minuten \u2013 ruhig"' in csv_text['Habits.csv'])
    report('opencsv quoting of notes/description (comma, quotes, U+2013 as UTF-8)', q_ok)

    # 6b. computed entries vs the independent port in /work/tmp-cmd/loopfixture/make.py
    try:
        sys.path.insert(0, os.path.dirname(FIXTURE_SQL))
        import make as fixture_make
        same = all({t: v for t, (v, _) in comp[id(h)].items()} ==
                   fixture_make.computed_entries(h.original, h.num, h.den, h.numerical) for h in habits)
        n_auto = sum(v == YES_AUTO for h in habits for v, _ in comp[id(h)].values())
        report('computed entries == loopfixture/make.py computed_entries (independent port)', same,
               '%d YES_AUTO days in total' % n_auto)
    except ImportError:
        print('SKIP computed-entries cross-check (loopfixture/make.py not importable)')

    # 7. optional: Java cross-check of %.4f, Double.toString and the ZipOutputStream container
    jc = java_check(files, scores, habits)
    if jc is not None:
        for name, passed, detail in jc:
            report(name, passed, detail)
    print('ALL PASS' if ok else 'SOME CHECKS FAILED')
    return 0 if ok else 1


def java_check(files, scores, habits):
    """Compile/run JavaCheck.java (OpenJDK) if javac is available. Returns None if not."""
    import subprocess
    import tempfile
    if not shutil.which('javac') or not shutil.which('java'):
        print('SKIP Java cross-check (no JDK)')
        return None
    res = []
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(['javac', '-d', tmp, os.path.join(HERE, 'JavaCheck.java')], check=True)
        # a) every score double we print
        vals = sorted({v for h in habits for v in scores[id(h)].values()} | {0.0})
        inp = os.path.join(tmp, 'doubles.txt')
        with open(inp, 'w') as f:
            f.write('\n'.join(repr(v) for v in vals) + '\n')
        out = subprocess.run(['java', '-cp', tmp, 'JavaCheck', 'fmt', inp], check=True,
                             capture_output=True, text=True).stdout.split('\n')
        fmt_bad = [v for v, o in zip(vals, out) if fmt4(v) != o]
        res.append(('Java String.format(Locale.US, "%.4f") == fmt4() for every score double',
                    not fmt_bad and len(out) >= len(vals), '%d doubles, %d differ' % (len(vals), len(fmt_bad))))
        tvs = sorted({h.target_value for h in habits} | {2.5, 1e7, 0.001, 123456.789})
        with open(inp, 'w') as f:
            f.write('\n'.join(repr(v) for v in tvs) + '\n')
        out = subprocess.run(['java', '-cp', tmp, 'JavaCheck', 'tostr', inp], check=True,
                             capture_output=True, text=True).stdout.split('\n')
        ts_bad = [(v, o) for v, o in zip(tvs, out) if java_double_to_string(v) != o]
        res.append(('Java Double.toString == java_double_to_string()', not ts_bad, str(ts_bad or tvs)))
        # b) ZipOutputStream container from the same entry bytes, entry time pinned like ours
        src = os.path.join(tmp, 'src')
        os.makedirs(src)
        lst = []
        for n, b in files:
            p = os.path.join(src, n)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, 'wb') as f:
                f.write(b)
            lst.append(n)
        with open(os.path.join(tmp, 'list.txt'), 'w', encoding='utf-8') as f:
            f.write('\n'.join(lst) + '\n')
        jzip = os.path.join(tmp, 'java.zip')
        subprocess.run(['java', '-Duser.timezone=UTC', '-cp', tmp, 'JavaCheck', 'zip', src,
                        os.path.join(tmp, 'list.txt'), jzip, ZIP_LOCAL_TIME.strftime('%Y-%m-%dT%H:%M:%S')],
                       check=True)
        mine = java_zip(files, ZIP_LOCAL_TIME)
        theirs = open(jzip, 'rb').read()
        res.append(('java.util.zip.ZipOutputStream (OpenJDK 17, same entries/time) == our zip bytes',
                    mine == theirs, '%d vs %d bytes' % (len(mine), len(theirs))))
    return res


if __name__ == '__main__':
    sys.exit(main())
