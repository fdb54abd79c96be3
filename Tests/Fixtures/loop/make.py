#!/usr/bin/env python3
"""Generate a realistic Loop Habit Tracker (iSoron/uhabits v2.3.1) database backup
fixture (schema version 25) and Loop's own habit-strength scores for it.

Deterministic: no randomness, every day/value is spelled out below.

Outputs (next to this script):
  loop-backup.sql   sqlite3 out.db < loop-backup.sql  ->  a v25 backup as Loop leaves it
  loop-scores.csv   habit,date,score   (raw double, 6 decimals), "today" = 2025-03-31

Usage:  python3 make.py            (writes both files, prints a summary)
        python3 make.py --listing  (also prints the compact per-habit day listing)
"""
import datetime as dt
import hashlib
import math
import os
import struct
import sys
from decimal import Decimal, ROUND_HALF_UP

HERE = os.path.dirname(os.path.abspath(__file__))
TODAY = dt.date(2025, 3, 31)
SCORE_DATES = [dt.date(2025, 3, 31), dt.date(2025, 3, 15), dt.date(2025, 2, 28), dt.date(2025, 1, 31)]
DAY_MS = 86_400_000
EPOCH = dt.date(1970, 1, 1)

# Entry values (core/models/Entry.kt)
YES_MANUAL, YES_AUTO, NO, UNKNOWN, SKIP = 2, 1, 0, -1, 3

# ---------------------------------------------------------------------------
# The schema, exactly as Loop's migrations 09..25 leave it (research-loop.md §1.3)
# ---------------------------------------------------------------------------
SCHEMA = [
    'CREATE TABLE android_metadata (locale TEXT);',
    "INSERT INTO android_metadata VALUES('en_US');",
    'CREATE TABLE Habits ( id integer primary key autoincrement, archived integer, color integer, '
    'description text, freq_den integer, freq_num integer, highlight integer, name text, position integer, '
    'reminder_hour integer, reminder_min integer , reminder_days integer not null default 127, '
    'type integer not null default 0, target_type integer not null default 0, '
    'target_value real not null default 0, unit text not null default "", question text, uuid text);',
    'CREATE TABLE Events ( id integer primary key autoincrement, timestamp integer, message text, server_id integer );',
    'CREATE TABLE Repetitions ( id integer primary key autoincrement, habit integer not null references habits(id), '
    'timestamp integer not null, value integer not null, notes text);',
    'CREATE UNIQUE INDEX idx_repetitions_habit_timestamp on Repetitions( habit, timestamp);',
]

# ---------------------------------------------------------------------------
# Habits.  `weeks` are Monday..Sunday rows starting at `monday`.
#   yes/no habits:     one char per day  Y = YES_MANUAL(2)  N = NO(0)  S = SKIP(3)  . = no row
#   numerical habits:  7 space-separated tokens per week: amount in user units (stored x1000,
#                      rounded), S = SKIP(3), . = no row
# reminder_days: bit0=Sat bit1=Sun bit2=Mon bit3=Tue bit4=Wed bit5=Thu bit6=Fri (WeekdayList.kt)
# `id` = creation order (Old habit was created first), `position` = list order.
# ---------------------------------------------------------------------------
HABITS = [
    dict(id=2, position=0, name='Meditate', type=0, freq=(1, 1), color=8,          # teal
         question='Did you meditate today?',
         description='Morgens, 10 Minuten \u2013 ruhig',                           # en dash U+2013
         reminder=(7, 0, 127), archived=0, target_type=0, target_value=0.0, unit='',
         monday=dt.date(2024, 12, 2),
         weeks=[
             'YYYY.YY',   # 2024-12-02  first day of the habit
             'YYYYYYY',   # 2024-12-09
             'YYY.YYY',   # 2024-12-16
             'YYSYYYY',   # 2024-12-23  SKIP on Christmas
             'YYYYNYY',   # 2024-12-30  explicit NO on 2025-01-03
             'YYYYYY.',   # 2025-01-06
             'YYYYYYY',   # 2025-01-13
             'YY.YYYY',   # 2025-01-20
             'YYY....',   # 2025-01-27  lapse starts 2025-01-30
             '...NYYY',   # 2025-02-03  explicit NO on 02-06 ends the 8-day lapse
             'YYYYYYY',   # 2025-02-10
             'YY.YYYY',   # 2025-02-17
             'YYYYYSY',   # 2025-02-24  SKIP on 2025-03-01
             'YYYYYYY',   # 2025-03-03
             'YNYYY.Y',   # 2025-03-10  explicit NO on 03-11
             'YYYYYYY',   # 2025-03-17
             'YYY.YYY',   # 2025-03-24
             'Y',         # 2025-03-31  today
         ],
         notes={dt.date(2024, 12, 25): "Christmas at my parents' place",
                dt.date(2025, 2, 7): 'Back after the break, tried the "body scan" session'}),
    dict(id=3, position=1, name='Gym', type=0, freq=(3, 7), color=1,               # deep orange
         question='Did you go to the gym today?', description='Push / pull / legs',
         reminder=(18, 0, 4 | 16 | 64), archived=0, target_type=0, target_value=0.0, unit='',
         monday=dt.date(2024, 12, 16),
         weeks=[
             '......Y',   # 2024-12-16  first session Sun 12-22
             'Y......',   # 2024-12-23  holidays
             '...Y.Y.',   # 2024-12-30
             'Y.Y.Y..',   # 2025-01-06
             'Y.Y.Y..',   # 2025-01-13
             'Y...Y.Y',   # 2025-01-20
             'Y.Y.Y..',   # 2025-01-27
             'Y.Y....',   # 2025-02-03
             '.......',   # 2025-02-10  sick week
             '..Y.Y..',   # 2025-02-17
             'Y.Y.Y.Y',   # 2025-02-24
             'Y.Y.Y..',   # 2025-03-03
             'Y...Y..',   # 2025-03-10
             'Y.Y.Y..',   # 2025-03-17
             '.Y.Y.Y.',   # 2025-03-24
             'Y',         # 2025-03-31
         ],
         notes={}),
    dict(id=5, position=2, name='Water plants', type=0, freq=(1, 3), color=7,      # green
         question='Did you water the plants?', description='',
         reminder=None, archived=0, target_type=0, target_value=0.0, unit='',
         monday=dt.date(2024, 12, 30),
         weeks=[
             '......Y',   # 2024-12-30  first: Sun 2025-01-05
             '..Y..Y.',   # 2025-01-06
             'Y..Y..Y',   # 2025-01-13
             '..Y...Y',   # 2025-01-20
             '..Y..Y.',   # 2025-01-27
             '.Y..Y..',   # 2025-02-03
             'Y......',   # 2025-02-10  away
             '..Y..Y.',   # 2025-02-17
             '.Y..Y..',   # 2025-02-24
             'Y..Y..Y',   # 2025-03-03
             '..Y..Y.',   # 2025-03-10
             '.Y...Y.',   # 2025-03-17
             'Y..Y..Y',   # 2025-03-24  last: Sun 03-30
         ],
         notes={}),
    dict(id=4, position=3, name='Run', type=1, freq=(1, 7), color=11,              # blue
         question='How many km did you run today?', description='',
         reminder=None, archived=0, target_type=0, target_value=10.0, unit='km',
         monday=dt.date(2024, 12, 9),
         weeks=[
             '5 . 3.5 . . 6 .',        # 2024-12-09  first run Mon 12-09
             '. 4.2 . 5 . . 8',        # 2024-12-16
             '. . . . 3 . .',          # 2024-12-23
             '. . 5.5 . . 7.25 .',     # 2024-12-30
             '4 . 3.5 . . 10 .',       # 2025-01-06
             '. 5 . 5 . . 6.5',        # 2025-01-13
             '. . 4.8 . . 12 .',       # 2025-01-20
             '3.5 . S . . . .',        # 2025-01-27  SKIP on Wed 01-29 (note)
             '. . 2.5 . . 5 .',        # 2025-02-03
             '. 4 . 4 . . 7.25',       # 2025-02-10
             '5 . 3.5 . . 8 .',        # 2025-02-17
             '. 6 . . 5.25 . 10.5',    # 2025-02-24
             '. . 5 . . 7 .',          # 2025-03-03
             '4.5 . . 3.5 . 9 .',      # 2025-03-10
             '. 5 . 5 . . 6',          # 2025-03-17
             '. . 4 . 0 7.5 .',        # 2025-03-24  an explicit 0 km on Fri 03-28
         ],
         notes={dt.date(2025, 1, 29): 'Knee pain, resting'}),
    dict(id=6, position=4, name='Coffee', type=1, freq=(1, 1), color=16,           # brown
         question='How many cups of coffee did you drink today?', description='',
         reminder=None, archived=0, target_type=1, target_value=2.0, unit='cups',
         monday=dt.date(2025, 1, 27),
         weeks=[
             '. . . 3 2 2 3',          # 2025-01-27  first: Thu 01-30
             '2 2 1 3 2 0 1',          # 2025-02-03
             '3 4 2 2 . 1 2',          # 2025-02-10  Fri 02-14 not logged
             '2 2 2 3 1 0 2',          # 2025-02-17
             '1 2 2 4 3 2 2',          # 2025-02-24
             '2 . 1 3 2 2 0',          # 2025-03-03  Tue 03-04 not logged
             '2 3 2 2 4 1 2',          # 2025-03-10
             '1 2 2 0 3 2 1',          # 2025-03-17
             '2 2 2 3 1 2 .',          # 2025-03-24  last: Sat 03-29
         ],
         notes={}),
    dict(id=1, position=5, name='Old habit', type=0, freq=(1, 1), color=19,        # light grey
         question='Did you stretch today?', description='',
         reminder=None, archived=1, target_type=0, target_value=0.0, unit='',
         monday=dt.date(2024, 5, 6),
         weeks=[
             'YYY.YY.',   # 2024-05-06
             'Y..Y...',   # 2024-05-13  then abandoned and archived
         ],
         notes={}),
]


def ms(d):
    return (d - EPOCH).days * DAY_MS


def uuid_for(name):
    """Deterministic stand-in for UUID.randomUUID().toString().replace("-", ""):
    32 lowercase hex digits with the v4 version/variant bits set."""
    b = bytearray(hashlib.sha256(('loopfixture/' + name).encode()).digest()[:16])
    b[6] = (b[6] & 0x0F) | 0x40
    b[8] = (b[8] & 0x3F) | 0x80
    return b.hex()


def entries(h):
    """[(date, stored int value, notes)] oldest first, from the compact spec."""
    out = []
    for w, week in enumerate(h['weeks']):
        toks = list(week) if h['type'] == 0 else week.split()
        for d, t in enumerate(toks):
            day = h['monday'] + dt.timedelta(days=7 * w + d)
            if t == '.':
                continue
            if h['type'] == 0:
                v = {'Y': YES_MANUAL, 'N': NO, 'S': SKIP}[t]
            else:
                # ListHabitsBehavior.onEdit: (newValue * 1000).roundToInt(); NumberDialog skip -> SKIP
                v = SKIP if t == 'S' else int(Decimal(t) * 1000)
            out.append((day, v, h['notes'].get(day, '')))
    assert set(h['notes']) <= {e[0] for e in out}, h['name']
    return out


# ---------------------------------------------------------------------------
# Loop's computation: EntryList.recomputeFrom (yes/no YES_AUTO fill) to find `from`,
# then ScoreList.recompute (verbatim from /work/tmp-cmd/loopschema/ref.py).
# ---------------------------------------------------------------------------
def compute(freq, prev, v):
    m = 0.5 ** (math.sqrt(freq) / 13.0); return prev * m + v * (1 - m)


def recompute(values, num, den, numerical=False, at_most=False, target=0.0):
    """values: computed entry values, OLDEST FIRST, one per day from `from` to `to`. returns scores oldest first"""
    freq = num / den
    if not numerical and freq < 1.0: num *= 2; den *= 2
    s = 0.0; prev = 1.0 if (numerical and at_most) else 0.0; out = []
    for i, v in enumerate(values):
        old = values[i - den] if i - den >= 0 else None
        if numerical:
            s += max(0, v)
            if old is not None: s -= max(0, old)
            n = s / 1000
            if v != SKIP:
                if not at_most: pct = min(1.0, n / target) if target > 0 else 1.0
                else: pct = min(1.0, max(0.0, 1 - ((n - target) / target))) if target > 0 else (0.0 if n > 0 else 1.0)
                prev = compute(freq, prev, pct)
        else:
            if v == YES_MANUAL: s += 1
            if old == YES_MANUAL: s -= 1
            if v != SKIP: prev = compute(freq, prev, min(1.0, s / num))
        out.append(prev)
    return out


def computed_entries(orig, num, den, numerical):
    """Port of EntryList.recomputeFrom. orig: {day_index: (value, notes)}. Returns {day_index: value}."""
    if num == den: num = den = 1                     # Frequency init
    if numerical:
        return {t: v for t, (v, n) in orig.items()}
    known = sorted(orig, reverse=True)               # getKnown(): newest first
    ys = [t for t in known if orig[t][0] == YES_MANUAL]
    iv = []                                          # buildIntervals
    for i in range(num - 1, len(ys)):
        begin, center = ys[i], ys[i - num + 1]
        size = den
        if den in (30, 31):
            b = EPOCH + dt.timedelta(days=begin)
            ml = lambda y, m: ((dt.date(y + m // 12, m % 12 + 1, 1)) - dt.date(y, m, 1)).days
            if b.day == ml(b.year, b.month):
                nb = b + dt.timedelta(days=1); size = ml(nb.year, nb.month)
            else:
                size = ml(b.year, b.month)
        if center - begin < size:
            iv.append([begin, center, begin + size - 1])
    for i in range(1, len(iv)):                      # snapIntervalsTogether
        curr, nxt = iv[i], iv[i - 1]
        gap = curr[2] - nxt[0]
        if gap >= 0:
            shift = min(curr[2] - curr[1], gap + 1)
            iv[i] = [curr[0] - shift, curr[1], curr[2] - shift]
    if not known:
        return {}
    lo = min(min(known), min([b for b, c, e in iv], default=min(known)))
    hi = max(max(known), max([e for b, c, e in iv], default=max(known)))
    res = {t: (UNKNOWN, '') for t in range(lo, hi + 1)}
    for b, c, e in iv:
        for t in range(b, e + 1):
            res[t] = (YES_AUTO, '')
    for t in known:
        v, n = orig[t]
        res[t] = (v if (res[t][0] == UNKNOWN or v in (SKIP, YES_MANUAL)) else YES_AUTO, n)
    return {t: v for t, (v, n) in res.items() if v != UNKNOWN or n}


def loop_scores(orig, num, den, numerical, at_most, target, today):
    """Habit.recompute(): returns (from_day_index, {day_index: score})."""
    comp = computed_entries(orig, num, den, numerical)
    to = today + 30
    frm = min(comp) if comp else today
    if frm > to: frm = to
    if num == den: num = den = 1
    vals = [comp.get(t, UNKNOWN) for t in range(frm, to + 1)]
    sc = recompute(vals, num, den, numerical, at_most, target)
    return frm, {frm + i: s for i, s in enumerate(sc)}


def ui_percent(score):
    """OverviewCardView: String.format("%.0f%%", scores[today].value.toFloat() * 100)
    (Float arithmetic, Java HALF_UP on the shortest decimal repr)."""
    f32 = lambda x: struct.unpack('f', struct.pack('f', x))[0]
    p = f32(f32(score) * f32(100.0))
    return int(Decimal(repr(p)).quantize(Decimal('1'), ROUND_HALF_UP))


def didx(d):
    return (d - EPOCH).days


def sql_str(s):
    return "'" + s.replace("'", "''") + "'"


def build_sql():
    lines = [
        '-- Loop Habit Tracker (iSoron/uhabits v2.3.1) database backup, schema version 25.',
        '-- Generated by /work/tmp-cmd/loopfixture/make.py.  Build with:  sqlite3 out.db < loop-backup.sql',
        '-- Statement texts of the CREATEs are exactly what Loop\'s migrations 09..25 leave in sqlite_master.',
        'PRAGMA encoding = "UTF-8";',
        'BEGIN TRANSACTION;',
    ]
    lines += SCHEMA
    cols = ('id,archived,color,description,freq_den,freq_num,highlight,name,position,reminder_hour,'
            'reminder_min,reminder_days,type,target_type,target_value,unit,question,uuid')
    for h in sorted(HABITS, key=lambda h: h['id']):
        rh, rm, rd = h['reminder'] if h['reminder'] else ('NULL', 'NULL', 0)
        vals = [h['id'], h['archived'], h['color'], sql_str(h['description']), h['freq'][1], h['freq'][0], 0,
                sql_str(h['name']), h['position'], rh, rm, rd, h['type'], h['target_type'],
                repr(float(h['target_value'])), sql_str(h['unit']), sql_str(h['question']), sql_str(uuid_for(h['name']))]
        lines.append('INSERT INTO Habits(%s) VALUES(%s);' % (cols, ','.join(str(v) for v in vals)))
    # Repetitions in the order a user would have entered them: by day, then by list position.
    rows = []
    for h in HABITS:
        for day, v, n in entries(h):
            rows.append((day, h['position'], h['id'], v, n))
    rows.sort()
    for rid, (day, pos, hid, v, n) in enumerate(rows, 1):
        lines.append('INSERT INTO Repetitions(id,habit,timestamp,value,notes) VALUES(%d,%d,%d,%d,%s);'
                     % (rid, hid, ms(day), v, sql_str(n)))
    lines += ['COMMIT;', 'PRAGMA user_version = 25;', '']
    return '\n'.join(lines)


def scores_rows():
    rows = []
    for h in sorted(HABITS, key=lambda h: h['position']):
        orig = {didx(d): (v, n) for d, v, n in entries(h)}
        frm, sc = loop_scores(orig, h['freq'][0], h['freq'][1], h['type'] == 1, h['target_type'] == 1,
                              h['target_value'], didx(TODAY))
        for d in SCORE_DATES:
            if didx(d) < frm:
                continue               # no history yet: Loop has no score (ScoreList.get -> 0.0)
            rows.append((h['name'], d, sc[didx(d)], EPOCH + dt.timedelta(days=frm)))
    return rows


def listing():
    out = []
    for h in sorted(HABITS, key=lambda h: h['position']):
        es = entries(h)
        out.append('%s (id %d, pos %d): %d rows, %s .. %s' % (h['name'], h['id'], h['position'], len(es), es[0][0], es[-1][0]))
        for w, week in enumerate(h['weeks']):
            out.append('  %s  %s' % (h['monday'] + dt.timedelta(days=7 * w), week))
        for d, n in sorted(h['notes'].items()):
            out.append('  note %s: %s' % (d, n))
    return '\n'.join(out)


def main():
    sql = build_sql()
    with open(os.path.join(HERE, 'loop-backup.sql'), 'w', encoding='utf-8', newline='\n') as f:
        f.write(sql)
    rows = scores_rows()
    with open(os.path.join(HERE, 'loop-scores.csv'), 'w', encoding='utf-8', newline='\n') as f:
        f.write('habit,date,score\n')
        for name, d, s, frm in rows:
            f.write('%s,%s,%.6f\n' % (name, d.isoformat(), s))
    print('loop-backup.sql: %d bytes' % len(sql.encode()))
    print('%-13s %-10s %-10s %-8s %-10s %s' % ('habit', 'date', 'from', 'score', 'raw', 'UI%'))
    for name, d, s, frm in rows:
        assert ui_percent(s) == int(Decimal(repr(s * 100)).quantize(Decimal('1'), ROUND_HALF_UP))
        print('%-13s %s %s %.6f %r %d%%' % (name, d, frm, s, s, ui_percent(s)))
    if '--listing' in sys.argv:
        print(listing())


if __name__ == '__main__':
    main()
