"""Numbers in, numbers out: forecasting hourly temperatures with a recurrent network, against three
baselines, and teacher forcing against free running (``model``)."""
