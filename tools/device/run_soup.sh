# One run on a lent GPU machine (16 cores; nothing installed but torch): seven continuation runs per language side by
# side, one core each, until TRAIN_END seconds after the start, then uniform weight averages of the k best runs
# ("model soups", tools/device/soup.py) scored on dev; the best average of each language comes back in $OUT.
#
# Prepare here (2026-11-26, see the English and Portuguese model cards, "Model soup"):
#   .gpu/data/<lang>-{train,dev}.json.gz   Stanza JSON of the training and dev files (en: work/ner-data/en-tv,
#                                          pt: work/ner-data/pt-para; commands in the model cards)
#   .gpu/weights/<lang>/{ner,pretrain}.pt.xz   the shipped files, xz-compressed (the tree that travels holds 64 MiB)
#   pip download --no-deps --only-binary=:all: --python-version 3.12 ... -d .whl stanza==1.15.0 emoji orjson udtools \
#       udapi termcolor platformdirs
#   .gpu/ and .whl/ in .git/info/exclude, carried; the shipped weights moved out of the working tree during the call.
# The checkpoint continued is whatever lies in .gpu/weights/<lang>/ner.pt.xz: stop 32 (2026-11-27) put there a model
# trained from scratch here (English, word BiLSTM 128) and shipped the best run that came back (English model card).
# On the device, from the repository root:  OUT=$OUT TRAIN_END=430 bash tools/device/run_soup.sh en pt
T0=$(date +%s)
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export PYTHONPATH=/tmp/site:$PWD PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name --format=csv,noheader; nproc
NOW=$(date +%s); python3 tools/device/soup.py $OUT $(( ${TRAIN_END:-430} - (NOW - T0) )) "$@" 2>&1 | grep -v "^ \+[BIESO]" | tail -60
echo total $(( $(date +%s) - T0 )) s
