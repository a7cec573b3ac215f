// msgpackr loads this in a try/catch and falls back to its pure-JavaScript decoder.
throw new Error('msgpackr-extract (native) is not installed; msgpackr uses its JavaScript decoder.');
