-- Amounts with decimals: `did swim 1.5` records 1.5 of a habit counted in km, and `add habit Water 2.5 litres a day`
-- aims for 2.5. A ledger entry's quantity and a habit's target or limit keep up to three decimals; a whole amount reads
-- as it always did. (Each table is rewritten once, under a lock, while this runs.)
ALTER TABLE ledger ALTER COLUMN quantity TYPE numeric(18,3);
ALTER TABLE habit ALTER COLUMN amount TYPE numeric(18,3);
